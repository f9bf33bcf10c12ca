print("gherkin-bench: not written yet")
