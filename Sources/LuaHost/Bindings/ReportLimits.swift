/// The most of a script's name or message any report keeps, decided here, below both the frame log (which records a
/// failure) and the runner's reports (`TestResult.nameLimit`, `messageLimit`), so the two cannot disagree.
/// Names and messages come from the script and are copied into the report, the worker's events and the runner's
/// pipe, so each copy is bounded, not the script's to size.
public enum ReportLimits {
    /// The longest name a report keeps, in UTF-8 bytes.
    public static let nameBytes = 512
    /// The longest message or traceback a report keeps, in UTF-8 bytes.
    public static let messageBytes = 16 << 10
}
