print("chat-latency-bench: not written yet")
