/// piecebox's version, printed by `piecebox --version` and in every report's header, so a report says which
/// runner wrote it.
enum PieceboxVersion {
    static let number = "0.4.0"
    static let text = "piecebox \(number)"
}
