import QuarryGen

// Placeholder until the command-line issue lands.
print("quarry: not yet implemented")
