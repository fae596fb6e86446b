import PieceKit

/// The goldens a script's `toMatchGolden` recorded inside a test, written only once the test has passed: a golden
/// must never keep the frames of a test that failed, even one that fails after the call. At the file's top level,
/// outside any test, nothing is held (there is no test to wait for).
package final class HeldGoldens {
    /// One golden waiting for its test: where it goes, its text, and the store that writes it (its folder's rules).
    package struct Recording {
        package let path: String
        package let text: String
        package let what: String
        package let store: GoldenStore

        package init(path: String, text: String, what: String, store: GoldenStore) {
            self.path = path
            self.text = text
            self.what = what
            self.store = store
        }
    }

    /// Whether a test is running now: only then are recordings held.
    package private(set) var inTest = false
    /// The test's recordings in the order made; a later one of the same golden replaces the earlier.
    private var recordings: [Recording] = []
    /// Bytes held since the host last counted them against the file's memory (`takeUncounted`).
    private var uncounted = 0

    /// The texts held, by path: a later check of the same golden in the test compares with them.
    package var texts: [String: String] {
        Dictionary(recordings.map { ($0.path, $0.text) }, uniquingKeysWith: { _, later in later })
    }

    package init() {}

    package func testStarted() {
        inTest = true
        recordings = []
    }

    package func hold(_ recording: Recording) {
        recordings.removeAll { $0.path == recording.path }
        recordings.append(recording)
        uncounted += HostBytes.string(recording.text.utf8.count)
    }

    /// The bytes held since the last call, for the host to count: a held text outlives the call that made it.
    package func takeUncounted() -> Int {
        defer { uncounted = 0 }
        return uncounted
    }

    /// At the test's end: writes what it held when it passed, forgets it when it failed. Gives the line the test's
    /// report gets: a write that failed (the test then fails), or, for a failed test, the goldens left unrecorded.
    package func testEnded(passed: Bool, work: inout HostWork) throws(HostLimitReached) -> (failure: String?, note: String?) {
        defer { inTest = false; recordings = [] }
        guard !recordings.isEmpty else { return (nil, nil) }
        guard passed else {
            let names = recordings.map { ReportText.escaped($0.path) }.joined(separator: ", ")
            return (nil, "not recorded: \(names) (the test failed; a golden keeps only a passing test's frames)")
        }
        for recording in recordings {
            if let problem = try recording.store.write(recording.text, to: recording.path, work: &work) {
                return ("\(recording.what): \(problem)", nil)
            }
            recording.store.removeActual(recording.path)
        }
        return (nil, nil)
    }
}
