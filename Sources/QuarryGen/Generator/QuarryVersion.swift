/// The version `quarry --version` prints.
public enum QuarryVersion {
  public static let current = "0.1.0"
}
