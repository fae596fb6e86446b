import PieceKit

/// The motion overrides in force for a file, and how long each lasts: the run's token set under everything, what the
/// file's top level sets for every test, what a test sets until it ends. One reason: which tokens apply now.
/// `changed` tells whoever holds stages, so stages already made use the new tokens.
package final class MotionOverrideScope {
    /// The run's token set (`--tokens`), under everything the file and its plugins override; what
    /// `motion.resetOverrides()` at the top level goes back to.
    package var tokenSet = MotionOverrides() {
        didSet { fileOverrides = tokenSet; current = tokenSet; changed() }
    }
    /// Overrides set at the file's top level apply to every test; those set inside a test last until it ends.
    private var fileOverrides = MotionOverrides()
    private(set) var current = MotionOverrides()
    private(set) var inTest = false
    /// Called after every change of `current` (the file's context sets it).
    var changed: () -> Void = {}

    /// Merges `more` into the overrides in force (a later value for the same token wins).
    func apply(_ more: MotionOverrides) {
        current.merge(more)
        if !inTest { fileOverrides = current }
        changed()
    }

    func reset() {
        current = inTest ? fileOverrides : tokenSet
        if !inTest { fileOverrides = current }
        changed()
    }

    /// A test begins: overrides it sets last until it ends.
    func enterTest() {
        inTest = true
        current = fileOverrides
    }

    /// The test is over: back to the file's overrides.
    func leaveTest() {
        inTest = false
        current = fileOverrides
    }
}
