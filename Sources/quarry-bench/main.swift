// Placeholder until the benchmark issue lands.
print("quarry-bench: not yet implemented")
