public enum FolioVersion {
    /// Shown by `--version`, sent in the HTTP User-Agent, recorded in output fingerprints.
    public static let current = "0.1.0"
}
