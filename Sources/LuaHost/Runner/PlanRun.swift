import PieceKit
import CLua
import CLuaShim

/// One file's tests being run, after its top level declared them: which run and in what order is `TestPlan`'s
/// choice; here each runs with its hooks, and a limit or --fail-fast stops the rest.
final class PlanRun {
    /// The kinds of hook, named as a group's tables of them are.
    enum Hook: String {
        case beforeAll, beforeEach, afterEach, afterAll
    }

    private let state: LuaState
    private let L: OpaquePointer
    private let lifecycle: TestLifecycle
    private let output: OutputCapture
    private let refs: HostRefs
    private let path: String
    private let options: RunOptions
    /// The stack slots of the tests and groups lists while the plan runs.
    private var testsIndex: Int32 = 0
    private var groupsIndex: Int32 = 0

    /// Groups whose beforeAll failed: their tests fail with that error, without running.
    private var brokenGroups: [Int: (message: String, traceback: String)] = [:]
    /// Once set, the rest of the plan does not run (a limit tripped, or --fail-fast after a failure).
    private var stopped: String?

    // The test running: its declaration, its result so far, the limit that stopped it, its groups' afterAll failures.
    private var test = TestPlan.Declared(index: 0, name: "")
    private var result = TestResult(name: "", status: .passed)
    private var breach: (LimitBreach, String?)?
    private var afterAllFailures: [TestResult] = []

    init(state: LuaState, lifecycle: TestLifecycle, output: OutputCapture, refs: HostRefs, path: String,
         options: RunOptions) {
        self.state = state; L = state.L; self.lifecycle = lifecycle; self.output = output; self.refs = refs
        self.path = path; self.options = options
    }

    /// Reads the declared tests, seals the list, and runs (or lists) the plan made of them.
    func run(report: FileReport, events: (ScenarioRunner.Event) -> Void) -> FileReport {
        var report = report
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(refs.tests))
        testsIndex = lua_gettop(L)
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(refs.groups))
        groupsIndex = lua_gettop(L)
        defer { lua_settop(L, testsIndex - 1) }
        let count = Int(lua_rawlen(L, testsIndex))
        if count == 0 && !options.listOnly {
            return report.failingFile("\(path): declares no tests; wrap its checks in test(\"name\", function() ... end)")
        }
        // Declaring once tests run would change the list being run: refused from here on.
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(refs.host))
        lua_pushstring(L, "sealed"); lua_pushboolean(L, 1); lua_rawset(L, -3)
        clua_pop(L, 1)
        let declared = stride(from: 1, through: count, by: 1).map { Self.readDeclared(L, testsIndex, $0) }
        let plan = TestPlan.make(declared, selection: options.selection,
                                 seed: options.shuffleSeed.map { SplitMix64.seed($0, for: ProjectRoot.relativePath(of: path)) })
        report.usedOnly = plan.usedOnly
        if options.listOnly {
            for (n, step) in plan.steps.enumerated() {
                let listed = TestResult(name: step.test.name, status: .skipped, group: step.test.group, tags: step.test.tags)
                if !add(listed, to: &report) { return overCap(&report, at: n + 1, of: plan) }
            }
            return report
        }
        events(.planned(plan.steps.filter(\.runs).map(\.test.name)))
        return runSteps(plan, report: report, events: events)
    }

    /// Each step in turn: not run once the plan stopped, skipped, or run with its hooks.
    private func runSteps(_ plan: TestPlan, report: FileReport, events: (ScenarioRunner.Event) -> Void) -> FileReport {
        var report = report
        for (n, step) in plan.steps.enumerated() {
            var entry = TestResult(name: step.test.name, status: .passed, group: step.test.group, tags: step.test.tags)
            if let stopped {
                entry.status = .notRun
                entry.message = stopped
                report.tests.append(entry)
                events(.testFinished(entry))
                continue
            }
            if !step.runs {
                entry.status = .skipped
                entry.message = step.skipReason
                if !add(entry, to: &report) { return overCap(&report, at: n + 1, of: plan) }
                events(.testFinished(entry))
                continue
            }
            events(.testStarted(step.test.name))
            let finished = runTest(step, remaining: plan.steps.count - n - 1)
            // A test that stopped at a limit is reported without counting it: the state has stopped already.
            if !add(finished, to: &report, charging: state.breach == nil) {
                events(.testFinished(finished))
                return overCap(&report, at: n + 1, of: plan)
            }
            events(.testFinished(finished))
            for failure in afterAllFailures {
                let clipped = failure.clipped()
                report.tests.append(clipped)
                events(.testFinished(clipped))
            }
            if stopped == nil, options.failFast, finished.status == .failed || !afterAllFailures.isEmpty {
                stopped = "not run: --fail-fast stopped the file at its first failure"
            }
        }
        return report
    }

    /// Adds `entry` to the report and counts it against the cap; false when that put the file over it.
    private func add(_ entry: TestResult, to report: inout FileReport, charging: Bool = true) -> Bool {
        report.tests.append(entry)
        guard charging else { return true }
        lifecycle.chargeReport(entry)
        return state.breach == nil
    }

    private func overCap(_ report: inout FileReport, at index: Int, of plan: TestPlan) -> FileReport {
        ScenarioRunner.overCap(report: &report, at: index, of: plan.steps.count, state.breach)
    }

    /// Runs one test: the beforeAll of the groups it enters (outermost first; a group whose hook failed stays
    /// broken), beforeEach outermost first, the test, afterEach innermost first (even after a failure), then the
    /// afterAll of the groups it leaves, innermost first. `remaining` steps follow it in the plan.
    private func runTest(_ step: TestPlan.Step, remaining: Int) -> TestResult {
        test = step.test
        result = TestResult(name: test.name, status: .passed, group: test.group, tags: test.tags)
        breach = nil
        afterAllFailures = []
        let clock = ContinuousClock.now
        output.testLines = []
        output.inTest = true
        lifecycle.testStarted(test.name)
        if !test.groups.contains(where: { brokenGroups[$0] != nil }) { runHooks(.beforeAll, of: step.enters) }
        if breach == nil, let g = test.groups.first(where: { brokenGroups[$0] != nil }), let why = brokenGroups[g] {
            result.status = .failed
            result.message = why.message + "\n(in beforeAll of \(groupName(g)); the test did not run)"
            result.traceback = why.traceback
        }
        if breach == nil, result.status != .failed {
            if runHooks(.beforeEach, of: test.groups) {
                pushTestFunction()
                if case .failed(let message, let traceback) = callTop() { fail(message, traceback, note: nil) }
            }
            if breach == nil { runHooks(.afterEach, of: test.groups.reversed()) }
        }
        if breach == nil { runHooks(.afterAll, of: step.leaves) }
        // A limit reached stops the test: what it recorded is forgotten with it.
        if breach != nil { result.status = .failed }
        lifecycle.settleGoldens(&result)
        output.inTest = false
        result.output = output.testLines
        result.duration = ScenarioRunner.seconds(since: clock)
        if let (b, location) = breach {
            result.status = .failed
            result.message = "\(location ?? path): \(b.description)\(lifecycle.memoryNote(for: b))"
                + (remaining > 0 ? "; the file's remaining \(remaining) test\(remaining == 1 ? "" : "s") did not run" : "")
            result.traceback = ""
            stopped = "not run: the file stopped at a limit in \"\(test.name)\""
        }
        let minimal = lifecycle.takeMinimalScenario()
        if result.status == .failed { result.scenario = minimal }
        result.exploration = lifecycle.takeExploreOutcome()
        result = result.clipped()
        lifecycle.testEnded(failure: result.status == .failed ? result.message : nil)
        return result
    }

    /// The one hook runner: every `kind` hook of `groups`, group by group in the order given, each group's in the
    /// order declared. A limit stops every hook after it. A failure is the kind's to handle: a beforeAll's breaks
    /// its group (and, as the test's groups nest, the ones inside); a beforeEach's fails the test and stops the
    /// rest; an afterEach's fails the test (if nothing did before) and the next hook runs; an afterAll's is a
    /// result of its own and the next hook runs. Returns false when a failure or a limit stopped the rest.
    @discardableResult
    private func runHooks(_ kind: Hook, of groups: [Int]) -> Bool {
        for g in groups {
            var k = 1
            while pushHook(g, kind, k) {
                k += 1
                let note = note(kind, g)
                switch callTop() {
                case .ok: continue
                case .stopped: return false
                case .failed(let message, let traceback):
                    switch kind {
                    case .beforeAll:
                        brokenGroups[g] = (message, traceback)
                        return false
                    case .beforeEach:
                        fail(message, traceback, note: note)
                        return false
                    case .afterEach:
                        fail(message, traceback, note: note)
                    case .afterAll:
                        afterAllFailures.append(groupFailure(g, message, traceback))
                    }
                }
            }
        }
        return true
    }

    private enum Outcome {
        case ok
        case failed(String, String)
        /// A limit tripped (kept in `breach`).
        case stopped
    }

    /// Calls what is on top of the stack.
    private func callTop() -> Outcome {
        switch state.callTop() {
        case .ok: return .ok
        case .error(let message, let traceback): return .failed(message, traceback)
        case .breach(let b, let location):
            breach = (b, location)
            return .stopped
        }
    }

    /// Records the test's first failure, with `note` (where it happened) after its message.
    private func fail(_ message: String, _ traceback: String, note: String?) {
        guard result.status != .failed else { return }
        result.status = .failed
        result.message = message + (note.map { "\n(\($0))" } ?? "")
        result.traceback = traceback
    }

    /// What a failure in a hook of `kind` of group `g` adds to the test's message. Read before the hook runs, as
    /// the group's name is then.
    private func note(_ kind: Hook, _ g: Int) -> String? {
        switch kind {
        case .beforeEach: return "in beforeEach of \(groupName(g)); the test did not run"
        case .afterEach: return "in afterEach of \(groupName(g))"
        case .beforeAll, .afterAll: return nil
        }
    }

    /// An afterAll failure: the group's, reported after the test that left it.
    private func groupFailure(_ g: Int, _ message: String, _ traceback: String) -> TestResult {
        let group = g == 1 ? "" : Self.groupPath(test, g)
        return TestResult(name: g == 1 ? "(afterAll)" : "\(group) > (afterAll)", status: .failed, message: message,
                          traceback: traceback, group: group)
    }

    /// Pushes hook `k` of kind `kind` of group `g`, or returns false when there is none.
    private func pushHook(_ g: Int, _ kind: Hook, _ k: Int) -> Bool {
        lua_rawgeti(L, groupsIndex, lua_Integer(g))
        guard lua_type(L, -1) == LUA_TTABLE else { clua_pop(L, 1); return false }
        lua_pushstring(L, kind.rawValue); lua_rawget(L, -2)
        guard lua_type(L, -1) == LUA_TTABLE else { clua_pop(L, 2); return false }
        lua_rawgeti(L, -1, lua_Integer(k))
        guard lua_type(L, -1) == LUA_TFUNCTION else { clua_pop(L, 3); return false }
        clua_insert(L, -3)
        clua_pop(L, 2)
        return true
    }

    /// Pushes the running test's function.
    private func pushTestFunction() {
        lua_rawgeti(L, testsIndex, lua_Integer(test.index))
        lua_pushstring(L, "fn"); lua_rawget(L, -2)
        clua_insert(L, -2); clua_pop(L, 1)
    }

    /// Group `g`'s name as messages quote it, or "the file" for the file's own group.
    private func groupName(_ g: Int) -> String {
        lua_rawgeti(L, groupsIndex, lua_Integer(g))
        defer { clua_pop(L, 2) }
        lua_pushstring(L, "name"); lua_rawget(L, -2)
        return boundedString(L, -1, limit: 200).map { "\"\($0)\"" } ?? "the file"
    }
}
