import CLua
import CLuaShim
import Foundation
import PieceKit

/// Runs one scenario file in a fresh sandbox: its top level declares tests, then each test runs in turn.
/// Nothing here can stop other files: every failure becomes part of the report.
public enum ScenarioRunner {
    /// Events as they happen, so a parent process knows which test was running if it must kill the worker.
    public enum Event: Sendable {
        /// The tests about to run, in order (skipped ones left out), before the first starts.
        case planned([String])
        case testStarted(String)
        case testFinished(TestResult)
    }

    /// Runs `path` on a thread of its own with a large stack (Lua → Swift → Lua nesting needs room).
    public static func run(file path: String, options: RunOptions,
                           events: @escaping @Sendable (Event) -> Void = { _ in }) -> FileReport {
        let box = ReportBox()
        onRunnerThread { box.report = runHere(file: path, options: options, events: events) }
        return box.report ?? FileReport(path: path, tests: [
            TestResult(name: "(file)", status: .failed, message: "\(path): the runner thread ended without a report",
                       source: .runner(limit: nil)),
        ])
    }

    /// The stack a file runs on: Lua → Swift → Lua nesting needs room.
    static let runnerStackSize = 16 << 20

    /// Runs `body` on a new thread with the runner's large stack and waits for it. A worker runs all its files
    /// on one such thread (`Worker.serve`): making a thread of 16 MiB per file cost more than some files.
    public static func onRunnerThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = runnerStackSize
        thread.start()
        done.wait()
    }

    /// Runs `path` on the calling thread, which must be one `onRunnerThread` started (for its stack). Nothing of
    /// one file stays behind on the thread for the next: each gets its own state, context and report.
    public static func runOnRunnerThread(file path: String, options: RunOptions,
                                         events: (Event) -> Void) -> FileReport {
        runHere(file: path, options: options, events: events)
    }

    /// Runs `path` on the calling thread.
    static func runHere(file path: String, options: RunOptions, events: (Event) -> Void) -> FileReport {
        var stoppedAtLimit = false
        var report = runHere(file: path, options: options, events: events, stoppedAtLimit: &stoppedAtLimit)
        report.stoppedAtLimit = stoppedAtLimit
        return report
    }

    private static func runHere(file path: String, options: RunOptions, events: (Event) -> Void,
                                stoppedAtLimit: inout Bool) -> FileReport {
        var report = FileReport(path: path)
        func fileFailure(_ message: String, traceback: String = "") -> FileReport {
            report.tests.append(TestResult(name: "(file)", status: .failed, message: message, traceback: traceback))
            return report
        }
        // The source is copied into the host (and then into Lua): a file larger than its memory cap cannot run.
        // Read with that bound; only a regular file is read, and opening never waits (`RegularFile`).
        let cap = options.limits.memoryBytes
        let data: Data
        switch RegularFile.read(path, upTo: cap > 0 ? cap + 1 : Int.max) {
        case .success(let read): data = read
        case .failure(let problem):
            return fileFailure("\(path): cannot read the file" + (problem.kind.map { ": it is \($0.words), not a regular file" } ?? ""))
        }
        if cap > 0, data.count > cap {
            return fileFailure("\(path): the file is larger than its memory cap of \(SandboxLimits.bytesText(cap)); it did not run")
        }
        let state: LuaState
        do { state = try LuaState(limits: options.limits) } catch {
            return fileFailure("\(path): \(error)")
        }
        defer {
            stoppedAtLimit = state.breach != nil
            state.close()
        }

        var currentOutput: [String] = []
        var fileOutput: [String] = []
        var inTest = false
        state.printSink = { line in
            if inTest { currentOutput.append(line) } else { fileOutput.append(line) }
        }
        let context = ScenarioContext(state: state, path: path, options: options)
        // Not URL's deletingLastPathComponent: it traps on some short paths ("/a").
        let folder = PathText.parent(PathText.absolute(path, cwd: FileManager.default.currentDirectoryPath))
        let pluginFolders: [String]
        let header = data.prefix(4096).withUnsafeBytes { ScenarioHeader.parse(utf8: $0) }
        if let problem = header.problems.first {
            return fileFailure("\(path):\(problem.line): \(problem.message); the file did not run")
        }
        if header.tokenSet != nil {
            return fileFailure("\(path) is a token set (--! token-set), not a scenario; apply it with piecebox run --tokens \(path)")
        }
        switch Self.headerPlugins(header, folder: folder) {
        case .failure(let error): return fileFailure("\(path): \(error.description)")
        case .success(let named): pluginFolders = options.pluginFolders + named
        }
        let plugins: [PluginCatalog.Plugin]
        switch PluginCatalog.discover(in: pluginFolders) {
        case .failure(let error): return fileFailure("\(path): \(error.description)")
        case .success(let found): plugins = found
        }
        // A plugin's modules sit in its own folder.
        let modules = ModulePaths(roots: [folder] + options.libraryFolders + plugins.map(\.folder))

        // The host table the preludes receive, and the tests list they fill.
        let L = state.L
        lua_createtable(L, 0, 4)
        let hostIndex = lua_gettop(L)
        lua_pushstring(L, "seed")
        lua_pushinteger(L, lua_Integer(Self.seed(for: PathText.lastComponent(path))))
        lua_rawset(L, hostIndex)
        lua_pushstring(L, "print")
        var printed = 0
        state.pushFunction { call in
            // Output is kept by the host, outside the memory cap, so it has a cap of its own.
            guard printed < Self.printLimit else { return 0 }
            // Copied only up to what may still be kept: a line of a gigabyte costs no more than the cap.
            let line = lua_type(call.L, 1) == LUA_TSTRING
                ? boundedString(call.L, 1, limit: Self.printLimit - printed) ?? "" : ((try? call.string(1)) ?? "")
            printed += line.utf8.count + 1
            if printed >= Self.printLimit {
                state.printSink("... (output truncated: a file may print at most \(Self.printLimit >> 10) KiB)")
            } else {
                state.printSink(line)
            }
            return 0
        }
        lua_rawset(L, hostIndex)
        lua_pushstring(L, "readModule")
        state.pushFunction { call in
            let name = try call.named("require").string(1, "a module name (a string)")
            switch modules.resolve(name) {
            case .success(let found):
                call.push(found.source); call.push(found.chunkName)
            case .failure(let error):
                call.pushNil(); call.push(error.description)
            }
            return 2
        }
        lua_rawset(L, hostIndex)
        // expect(stage).toMatchGolden(name[, options]): see ScriptGoldens.
        lua_pushstring(L, "matchGolden")
        state.pushFunction { call in
            let c = call.named("toMatchGolden")
            // No stage class yet means no stage has been made, so the value cannot be one.
            let stages = state.classCache["stage"] as? LuaClass<StageObject>
            guard c.type(1) == LUA_TUSERDATA, let stages,
                  let object = try? stages.object(c, stack: 1, what: "toMatchGolden") else {
                throw LuaHostError.message("toMatchGolden: expect() must be given a stage (expect(s).toMatchGolden(\"name\")), got \(c.typeName(1))")
            }
            let name = try c.string(2, "a golden name (a string)")
            let opts = try c.options(3, allowed: ["elements", "tolerance"])
            let tolerance = c.isNil(3) ? LuaValue.nil : opts.table["tolerance"]
            // Under the file's limits: the log, the golden and their copies are counted before they are made.
            var work = context.hostWork()
            let verdict = try ScriptGoldens.match(stage: object.stage, name: name, options: opts,
                                                  optionsTolerance: tolerance, scenario: path,
                                                  settings: options.goldens, work: &work)
            c.push(verdict.pass)
            c.push(verdict.detail)
            return 2
        }
        lua_rawset(L, hostIndex)
        lua_pushstring(L, "tests")
        clua_newtable(L)
        lua_pushvalue(L, -1)
        let testsRef = luaL_ref(L, CLUA_REGISTRYINDEX)
        lua_rawset(L, hostIndex)
        lua_pushstring(L, "groups")
        clua_newtable(L)
        lua_pushvalue(L, -1)
        let groupsRef = luaL_ref(L, CLUA_REGISTRYINDEX)
        lua_rawset(L, hostIndex)
        let hostRef = luaL_ref(L, CLUA_REGISTRYINDEX)

        func pushHost(_ L: OpaquePointer) -> Int32 {
            lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(hostRef))
            return 1
        }
        for (source, name) in [(Hardening.source, Hardening.chunkName), (TestFramework.source, TestFramework.chunkName),
                               (TestDeclarations.source, TestDeclarations.chunkName)] {
            if case .error(let message, _) = state.run(text: source, chunkName: name, pushArgs: pushHost) {
                return fileFailure("\(path): the sandbox could not start: \(message)")
            }
        }
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(hostRef))
        lua_pushstring(L, "series")
        lua_rawget(L, -2)
        state.fill(.series)
        // The error explainer and the frame tables' miss recorder, where the C handler and FrameTables find them.
        for (field, key) in [("explain", PB_EXPLAIN_KEY), ("frameMiss", FrameTables.missKey)] {
            lua_pushstring(L, field)
            lua_rawget(L, -2)
            lua_setfield(L, CLUA_REGISTRYINDEX, key)
        }
        clua_pop(L, 1)
        Bindings.install(into: context, describe: .onFirstUse)
        defer { context.finish() }
        state.startDeadline()
        // The run's token set first, under the plugins' overrides and the file's own.
        if let tokens = options.tokenSet, let failure = TokenSetLoader.load(tokens, into: context) {
            context.logFailure(failure, test: nil)
            return fileFailure("\(path): \(failure)")
        }
        // Plugins load into this file's sandbox, under its limits, before its first line.
        if let failure = PluginLoader.load(plugins, into: state) {
            context.logFailure(failure, test: nil)
            return fileFailure("\(path): \(failure)")
        }

        switch state.run(source: data, chunkName: "@" + path) {
        case .ok: break
        case .error(let message, let traceback):
            report.output = fileOutput
            context.logFailure(message, test: nil)
            return fileFailure(message, traceback: traceback)
        case .breach(let breach, let location):
            report.output = fileOutput
            let message = "\(location ?? path): \(breach.description)\(context.memoryNote(for: breach))"
            context.logFailure(message, test: nil)
            return fileFailure(message)
        }
        report.output = fileOutput

        // Run (or list) the collected tests: which and in what order is `TestPlan`'s choice.
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(testsRef))
        let testsIndex = lua_gettop(L)
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(groupsRef))
        let groupsIndex = lua_gettop(L)
        defer { lua_settop(L, testsIndex - 1) }
        let count = Int(lua_rawlen(L, testsIndex))
        if count == 0 && !options.listOnly {
            return fileFailure("\(path): declares no tests; wrap its checks in test(\"name\", function() ... end)")
        }
        // Declaring once tests run would change the list being run: refused from here on.
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(hostRef))
        lua_pushstring(L, "sealed"); lua_pushboolean(L, 1); lua_rawset(L, -3)
        clua_pop(L, 1)
        let declared = stride(from: 1, through: count, by: 1).map { Self.readDeclared(L, testsIndex, $0) }
        let plan = TestPlan.make(declared, selection: options.selection,
                                 seed: options.shuffleSeed.map { SplitMix64.seed($0, for: ProjectRoot.relativePath(of: path)) })
        report.usedOnly = plan.usedOnly

        if options.listOnly {
            for (n, step) in plan.steps.enumerated() {
                let result = TestResult(name: step.test.name, status: .skipped, group: step.test.group, tags: step.test.tags)
                report.tests.append(result)
                context.chargeReport(result)
                if state.breach != nil { return overCap(report: &report, at: n + 1, of: plan.steps.count, state.breach) }
            }
            return report
        }
        events(.planned(plan.steps.filter(\.runs).map(\.test.name)))

        /// Pushes hook `k` of kind `kind` of group `g`, or returns false when there is none.
        func pushHook(_ g: Int, _ kind: String, _ k: Int) -> Bool {
            lua_rawgeti(L, groupsIndex, lua_Integer(g))
            guard lua_type(L, -1) == LUA_TTABLE else { clua_pop(L, 1); return false }
            lua_pushstring(L, kind); lua_rawget(L, -2)
            guard lua_type(L, -1) == LUA_TTABLE else { clua_pop(L, 2); return false }
            lua_rawgeti(L, -1, lua_Integer(k))
            guard lua_type(L, -1) == LUA_TFUNCTION else { clua_pop(L, 3); return false }
            clua_insert(L, -3)
            clua_pop(L, 2)
            return true
        }
        func groupName(_ g: Int) -> String {
            lua_rawgeti(L, groupsIndex, lua_Integer(g))
            defer { clua_pop(L, 2) }
            lua_pushstring(L, "name"); lua_rawget(L, -2)
            return boundedString(L, -1, limit: 200).map { "\"\($0)\"" } ?? "the file"
        }

        // Groups whose beforeAll failed: their tests fail with that error, without running.
        var brokenGroups: [Int: (message: String, traceback: String)] = [:]
        // Once set, the rest of the plan does not run (a limit tripped, or --fail-fast after a failure).
        var stopped: String?
        var clock = ContinuousClock.now
        for (n, step) in plan.steps.enumerated() {
            let test = step.test
            var result = TestResult(name: test.name, status: .passed, group: test.group, tags: test.tags)
            if let stopped {
                result.status = .notRun
                result.message = stopped
                report.tests.append(result)
                events(.testFinished(result))
                continue
            }
            if !step.runs {
                result.status = .skipped
                result.message = step.skipReason
                report.tests.append(result)
                context.chargeReport(result)
                if state.breach != nil { return overCap(report: &report, at: n + 1, of: plan.steps.count, state.breach) }
                events(.testFinished(result))
                continue
            }
            events(.testStarted(test.name))
            clock = ContinuousClock.now
            currentOutput = []
            inTest = true
            context.testStarted(test.name)
            var breach: (LimitBreach, String?)?
            /// Runs what is on top of the stack; records the first failure (with `note` after its message).
            func call(_ note: String?) -> Bool {
                switch state.callTop() {
                case .ok: return true
                case .error(let message, let traceback):
                    if result.status != .failed {
                        result.status = .failed
                        result.message = message + (note.map { "\n(\($0))" } ?? "")
                        result.traceback = traceback
                    }
                    return false
                case .breach(let b, let location):
                    breach = (b, location)
                    return false
                }
            }
            // beforeAll of the groups this test enters, outermost first; a group whose hook failed stays broken.
            enter: for g in step.enters where !test.groups.contains(where: { brokenGroups[$0] != nil }) {
                var k = 1
                while pushHook(g, "beforeAll", k) {
                    let before = result.status
                    if !call(nil) {
                        if breach != nil { break enter }
                        brokenGroups[g] = (result.message, result.traceback)
                        result.status = before; result.message = ""; result.traceback = ""
                        break
                    }
                    k += 1
                }
            }
            if breach == nil, let g = test.groups.first(where: { brokenGroups[$0] != nil }), let why = brokenGroups[g] {
                result.status = .failed
                result.message = why.message + "\n(in beforeAll of \(groupName(g)); the test did not run)"
                result.traceback = why.traceback
            }
            if breach == nil, result.status != .failed {
                // beforeEach outermost first, the test, then afterEach innermost first (even after a failure).
                var ready = true
                each: for g in test.groups {
                    var k = 1
                    while pushHook(g, "beforeEach", k) {
                        if !call("in beforeEach of \(groupName(g)); the test did not run") { ready = false; break each }
                        k += 1
                    }
                }
                if ready, breach == nil {
                    lua_rawgeti(L, testsIndex, lua_Integer(test.index))
                    lua_pushstring(L, "fn"); lua_rawget(L, -2)
                    clua_insert(L, -2); clua_pop(L, 1)
                    _ = call(nil)
                }
                if breach == nil {
                    after: for g in test.groups.reversed() {
                        var k = 1
                        while pushHook(g, "afterEach", k) {
                            if !call("in afterEach of \(groupName(g))") && breach != nil { break after }
                            k += 1
                        }
                    }
                }
            }
            // afterAll of the groups this test leaves, innermost first: a failure there is the group's, so it is
            // reported as a result of its own, after this test.
            var afterAllFailures: [TestResult] = []
            if breach == nil {
                leave: for g in step.leaves {
                    var k = 1
                    while pushHook(g, "afterAll", k) {
                        switch state.callTop() {
                        case .ok: break
                        case .error(let message, let traceback):
                            let name = g == 1 ? "(afterAll)" : "\(Self.groupPath(test, g)) > (afterAll)"
                            afterAllFailures.append(TestResult(name: name, status: .failed, message: message, traceback: traceback,
                                                               group: g == 1 ? "" : Self.groupPath(test, g)))
                        case .breach(let b, let location):
                            breach = (b, location)
                            break leave
                        }
                        k += 1
                    }
                }
            }
            inTest = false
            result.output = currentOutput
            result.duration = Self.seconds(since: clock)
            if let (b, location) = breach {
                result.status = .failed
                let remaining = plan.steps.count - n - 1
                result.message = "\(location ?? path): \(b.description)\(context.memoryNote(for: b))"
                    + (remaining > 0 ? "; the file's remaining \(remaining) test\(remaining == 1 ? "" : "s") did not run" : "")
                result.traceback = ""
                stopped = "not run: the file stopped at a limit in \"\(test.name)\""
            }
            result = result.clipped()
            context.testEnded(failure: result.status == .failed ? result.message : nil)
            report.tests.append(result)
            if state.breach == nil {
                context.chargeReport(result)
                if state.breach != nil {
                    events(.testFinished(result))
                    return overCap(report: &report, at: n + 1, of: plan.steps.count, state.breach)
                }
            }
            events(.testFinished(result))
            for failure in afterAllFailures {
                let clipped = failure.clipped()
                report.tests.append(clipped)
                events(.testFinished(clipped))
            }
            if stopped == nil, options.failFast, result.status == .failed || !afterAllFailures.isEmpty {
                stopped = "not run: --fail-fast stopped the file at its first failure"
            }
        }
        return report
    }

    /// Reads test `i` of the file's list (set only by the declarations chunk, so its fields have their types).
    static func readDeclared(_ L: OpaquePointer, _ testsIndex: Int32, _ i: Int) -> TestPlan.Declared {
        lua_rawgeti(L, testsIndex, lua_Integer(i))
        let entry = lua_gettop(L)
        defer { lua_settop(L, entry - 1) }
        func field(_ key: String) -> Int32 {
            lua_pushstring(L, key)
            return lua_rawget(L, entry)
        }
        var test = TestPlan.Declared(index: i, name: "test \(i)")
        if field("name") == LUA_TSTRING { test.name = boundedString(L, -1, limit: TestResult.nameLimit) ?? test.name }
        clua_pop(L, 1)
        if field("group") == LUA_TSTRING { test.group = boundedString(L, -1, limit: TestResult.nameLimit) ?? "" }
        clua_pop(L, 1)
        _ = field("skip"); test.skip = lua_toboolean(L, -1) != 0; clua_pop(L, 1)
        _ = field("only"); test.only = lua_toboolean(L, -1) != 0; clua_pop(L, 1)
        if field("tags") == LUA_TTABLE {
            // Bounded: tags are for selecting, and a report copies them per test.
            for k in stride(from: 1, through: min(Int(lua_rawlen(L, -1)), 64), by: 1) {
                if lua_rawgeti(L, -1, lua_Integer(k)) == LUA_TSTRING, let tag = boundedString(L, -1, limit: 128) {
                    test.tags.append(tag)
                }
                clua_pop(L, 1)
            }
        }
        clua_pop(L, 1)
        if field("groups") == LUA_TTABLE {
            var groups: [Int] = []
            for k in stride(from: 1, through: Int(lua_rawlen(L, -1)), by: 1) {
                if lua_rawgeti(L, -1, lua_Integer(k)) == LUA_TNUMBER { groups.append(Int(lua_tointegerx(L, -1, nil))) }
                clua_pop(L, 1)
            }
            if !groups.isEmpty { test.groups = groups }
        }
        clua_pop(L, 1)
        return test
    }

    /// The full name of group `g` among `test`'s groups: its part of the test's group path.
    static func groupPath(_ test: TestPlan.Declared, _ g: Int) -> String {
        guard let depth = test.groups.firstIndex(of: g), depth > 0 else { return "" }
        let parts = test.group.components(separatedBy: " > ")
        return parts.prefix(depth).joined(separator: " > ")
    }

    /// Seconds since `start`, on the monotonic clock (a test's or a file's duration).
    public static func seconds(since start: ContinuousClock.Instant) -> Double {
        let d = ContinuousClock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// Ends a file whose report itself outgrew its memory cap (a great many tests): one more failure says so.
    private static func overCap(report: inout FileReport, at index: Int, of count: Int,
                                _ breach: LimitBreach?) -> FileReport {
        let remaining = count - index
        let what = breach?.description ?? "memory limit exceeded"
        let breach = "\(report.path): \(what) by the report itself (\(report.tests.count) results)"
        report.tests.append(TestResult(name: "(file)", status: .failed,
                                       message: breach + (remaining > 0 ? "; its remaining \(remaining) tests did not run" : "")))
        return report
    }

    /// The plugin folders a file names in its header, resolved against its folder. They must stay inside the
    /// folder the run started in, so a scenario cannot load Lua from anywhere else on the machine.
    static func headerPlugins(_ header: ScenarioHeader, folder: String) -> Result<[String], PluginError> {
        // Most files name none; resolving the run's folder costs system calls a file should not pay for nothing.
        guard !header.plugins.isEmpty else { return .success([]) }
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        var folders: [String] = []
        for written in header.plugins {
            guard !written.hasPrefix("/") else {
                return .failure(PluginError("--! plugins: \(written): give a path relative to the scenario"))
            }
            let resolved = URL(fileURLWithPath: folder).appendingPathComponent(written).standardizedFileURL
                .resolvingSymlinksInPath().path
            guard resolved == root || resolved.hasPrefix(root + "/") else {
                return .failure(PluginError("--! plugins: \(written) is outside the folder the run started in (\(root))"))
            }
            folders.append(resolved)
        }
        return .success(folders)
    }

    /// How much a file may print; the rest is dropped, with a note saying so.
    static let printLimit = 1 << 20

    /// A stable seed per file name, so math.random repeats from run to run and clone to clone (FNV-1a).
    static func seed(for name: String) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }
}

/// Carries the report out of the runner thread.
private final class ReportBox: @unchecked Sendable {
    var report: FileReport?
}
