print("runner-bench: not written yet")
