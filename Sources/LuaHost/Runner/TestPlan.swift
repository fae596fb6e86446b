import PieceKit
/// Which of a file's declared tests run, in which order, and which hooks run around each. Pure, so the choices
/// (filter, tags, `only`, shuffling) are tested without Lua.
public struct TestPlan: Equatable, Sendable {
    /// A test as the file declared it.
    public struct Declared: Equatable, Sendable {
        /// Its place in the file's list of tests (1-based, as Lua counts).
        public var index: Int
        public var name: String
        public var group: String = ""
        public var skip = false
        public var only = false
        public var tags: [String] = []
        /// Its groups, outermost first; group 1 is the file itself.
        public var groups: [Int] = [1]

        public init(index: Int, name: String, group: String = "", skip: Bool = false, only: Bool = false,
                    tags: [String] = [], groups: [Int] = [1]) {
            self.index = index; self.name = name; self.group = group; self.skip = skip; self.only = only
            self.tags = tags; self.groups = groups
        }
    }

    /// One step of the plan.
    public struct Step: Equatable, Sendable {
        public var test: Declared
        /// False for a skipped test: reported, not run, no hooks.
        public var runs: Bool
        /// Why it is skipped, when it is not the test's own `skip` (another test in the file is `only`).
        public var skipReason: String = ""
        /// Groups whose `beforeAll` hooks run just before this test, outermost first.
        public var enters: [Int] = []
        /// Groups whose `afterAll` hooks run just after it, innermost first.
        public var leaves: [Int] = []
    }

    /// What the command line selects.
    public struct Selection: Equatable, Sendable {
        public var filter: String?
        /// A test runs only if it has one of these (when any are given).
        public var tags: [String] = []
        /// A test with any of these does not run.
        public var excludeTags: [String] = []

        public init(filter: String? = nil, tags: [String] = [], excludeTags: [String] = []) {
            self.filter = filter; self.tags = tags; self.excludeTags = excludeTags
        }

        public func selects(_ test: Declared) -> Bool {
            if let filter, !filter.isEmpty, !test.name.contains(filter) { return false }
            if !tags.isEmpty, !test.tags.contains(where: tags.contains) { return false }
            if test.tags.contains(where: excludeTags.contains) { return false }
            return true
        }
    }

    public var steps: [Step] = []
    /// Some selected test used `only`, so the others were skipped.
    public var usedOnly = false

    /// The plan for `declared` (in declaration order). Unselected tests are left out altogether. With a seed, the
    /// order is shuffled inside each group, and the groups among their siblings, so a group's tests stay together
    /// and its `beforeAll`/`afterAll` still run once around them.
    public static func make(_ declared: [Declared], selection: Selection, seed: UInt64? = nil) -> TestPlan {
        let selected = declared.filter(selection.selects)
        var plan = TestPlan()
        plan.usedOnly = selected.contains { $0.only }
        var ordered = selected
        if let seed { ordered = shuffled(selected, seed: seed) }
        var steps = ordered.map { test -> Step in
            if test.skip { return Step(test: test, runs: false) }
            if plan.usedOnly, !test.only {
                return Step(test: test, runs: false, skipReason: "another test in the file is marked only")
            }
            return Step(test: test, runs: true)
        }
        // Hooks: a group is entered by its first running test and left after its last.
        let running = steps.indices.filter { steps[$0].runs }
        var open: [Int] = []
        for (n, i) in running.enumerated() {
            let path = steps[i].test.groups
            var shared = 0
            while shared < open.count, shared < path.count, open[shared] == path[shared] { shared += 1 }
            steps[i].enters = Array(path[shared...])
            open = path
            let next = n + 1 < running.count ? steps[running[n + 1]].test.groups : []
            var keep = 0
            while keep < path.count, keep < next.count, path[keep] == next[keep] { keep += 1 }
            steps[i].leaves = Array(path[keep...].reversed())
            open = Array(path[..<keep])
        }
        plan.steps = steps
        return plan
    }

    /// The tests in a shuffled order that keeps every group together: the children of each group (its tests and
    /// its inner groups, in the order they first appear) are shuffled with one generator, depth first.
    static func shuffled(_ tests: [Declared], seed: UInt64) -> [Declared] {
        enum Child { case test(Declared), group(Int) }
        var children: [Int: [Child]] = [:]
        var known: Set<Int> = []
        for test in tests {
            for (depth, g) in test.groups.enumerated() where !known.contains(g) {
                known.insert(g)
                if depth > 0 { children[test.groups[depth - 1], default: []].append(.group(g)) }
            }
            children[test.groups.last ?? 1, default: []].append(.test(test))
        }
        var generator = SplitMix64(seed: seed)
        var out: [Declared] = []
        func walk(_ group: Int) {
            var list = children[group] ?? []
            generator.shuffle(&list)
            for child in list {
                switch child {
                case .test(let t): out.append(t)
                case .group(let g): walk(g)
                }
            }
        }
        for root in tests.compactMap(\.groups.first).reduce(into: [Int](), { if !$0.contains($1) { $0.append($1) } }) {
            walk(root)
        }
        return out
    }
}

extension RunOptions {
    /// The tests these options select.
    public var selection: TestPlan.Selection {
        TestPlan.Selection(filter: filter, tags: tags, excludeTags: excludeTags)
    }
}
