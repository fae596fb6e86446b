import CLua
import CLuaShim
import Foundation

/// Runs one scenario file in a fresh sandbox: its top level declares tests, then each test runs in turn.
/// Nothing here can stop other files: every failure becomes part of the report.
public enum ScenarioRunner {
    /// Events as they happen, so a parent process knows which test was running if it must kill the worker.
    public enum Event: Sendable {
        case testStarted(String)
        case testFinished(TestResult)
    }

    /// Runs `path` on a thread of its own with a large stack (Lua → Swift → Lua nesting needs room).
    public static func run(file path: String, options: RunOptions,
                           events: @escaping @Sendable (Event) -> Void = { _ in }) -> FileReport {
        let box = ReportBox()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.report = runHere(file: path, options: options, events: events)
            done.signal()
        }
        thread.stackSize = 16 << 20
        thread.start()
        done.wait()
        return box.report ?? FileReport(path: path, tests: [
            TestResult(name: "(file)", status: .failed, message: "\(path): the runner thread ended without a report"),
        ])
    }

    /// Runs `path` on the calling thread.
    static func runHere(file path: String, options: RunOptions, events: (Event) -> Void) -> FileReport {
        var report = FileReport(path: path)
        func fileFailure(_ message: String, traceback: String = "") -> FileReport {
            report.tests.append(TestResult(name: "(file)", status: .failed, message: message, traceback: traceback))
            return report
        }
        // The source is copied into the host (and then into Lua): a file larger than its memory cap cannot run.
        // Read with that bound, so even a link to an endless device stops at the cap.
        let cap = options.limits.memoryBytes
        guard let handle = FileHandle(forReadingAtPath: path) else { return fileFailure("\(path): cannot read the file") }
        let data: Data
        do {
            // Both give nil at the end of the file: an empty file is an empty source.
            data = try (cap > 0 ? handle.read(upToCount: cap + 1) : handle.readToEnd()) ?? Data()
            try? handle.close()
        } catch {
            try? handle.close()
            return fileFailure("\(path): cannot read the file")
        }
        if cap > 0, data.count > cap {
            return fileFailure("\(path): the file is larger than its memory cap of \(SandboxLimits.bytesText(cap)); it did not run")
        }
        let state: LuaState
        do { state = try LuaState(limits: options.limits) } catch {
            return fileFailure("\(path): \(error)")
        }
        defer { state.close() }

        var currentOutput: [String] = []
        var fileOutput: [String] = []
        var inTest = false
        state.printSink = { line in
            if inTest { currentOutput.append(line) } else { fileOutput.append(line) }
        }
        let context = ScenarioContext(state: state, path: path, options: options)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let pluginFolders: [String]
        let header = ScenarioHeader.parse(String(decoding: data.prefix(4096), as: UTF8.self))
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
        lua_pushinteger(L, lua_Integer(Self.seed(for: URL(fileURLWithPath: path).lastPathComponent)))
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
        lua_pushstring(L, "tests")
        clua_newtable(L)
        lua_pushvalue(L, -1)
        let testsRef = luaL_ref(L, CLUA_REGISTRYINDEX)
        lua_rawset(L, hostIndex)
        let hostRef = luaL_ref(L, CLUA_REGISTRYINDEX)

        func pushHost(_ L: OpaquePointer) -> Int32 {
            lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(hostRef))
            return 1
        }
        for (source, name) in [(Hardening.source, Hardening.chunkName), (TestFramework.source, TestFramework.chunkName)] {
            if case .error(let message, _) = state.run(text: source, chunkName: name, pushArgs: pushHost) {
                return fileFailure("\(path): the sandbox could not start: \(message)")
            }
        }
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(hostRef))
        lua_pushstring(L, "series")
        lua_rawget(L, -2)
        context.seriesRef = luaL_ref(L, CLUA_REGISTRYINDEX)
        clua_pop(L, 1)
        Bindings.install(into: context)
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

        let source = String(decoding: data, as: UTF8.self)
        switch state.run(text: source, chunkName: "@" + path) {
        case .ok: break
        case .error(let message, let traceback):
            report.output = fileOutput
            context.logFailure(message, test: nil)
            return fileFailure(message, traceback: traceback)
        case .breach(let breach, let location):
            report.output = fileOutput
            context.logFailure("\(location ?? path): \(breach.description)", test: nil)
            return fileFailure("\(location ?? path): \(breach.description)")
        }
        report.output = fileOutput

        // Run (or list) the collected tests.
        lua_rawgeti(L, CLUA_REGISTRYINDEX, lua_Integer(testsRef))
        let testsIndex = lua_gettop(L)
        let count = Int(lua_rawlen(L, testsIndex))
        if count == 0 && !options.listOnly {
            return fileFailure("\(path): declares no tests; wrap its checks in test(\"name\", function() ... end)")
        }
        for i in stride(from: 1, through: count, by: 1) {
            lua_rawgeti(L, testsIndex, lua_Integer(i))
            let entry = lua_gettop(L)
            lua_pushstring(L, "name"); lua_rawget(L, entry)
            let name = boundedString(L, -1, limit: TestResult.nameLimit) ?? "test \(i)"
            clua_pop(L, 1)
            lua_pushstring(L, "skip"); lua_rawget(L, entry)
            let skip = lua_toboolean(L, -1) != 0
            clua_pop(L, 1)
            defer { lua_settop(L, entry - 1) }

            if let filter = options.filter, !filter.isEmpty, !name.contains(filter) { continue }
            if options.listOnly || skip {
                let result = TestResult(name: name, status: .skipped)
                report.tests.append(result)
                context.chargeReport(result)
                if state.breach != nil { return overCap(report: &report, at: i, of: count, state.breach) }
                if !options.listOnly { events(.testFinished(result)) }
                continue
            }
            events(.testStarted(name))
            currentOutput = []
            inTest = true
            context.testStarted(name)
            lua_pushstring(L, "fn"); lua_rawget(L, entry)
            let outcome = state.callTop()
            inTest = false
            var result = TestResult(name: name, status: .passed, output: currentOutput)
            switch outcome {
            case .ok: break
            case .error(let message, let traceback):
                result.status = .failed; result.message = message; result.traceback = traceback
            case .breach(let breach, let location):
                result.status = .failed
                let remaining = count - i
                result.message = "\(location ?? path): \(breach.description)"
                    + (remaining > 0 ? "; the file's remaining \(remaining) test\(remaining == 1 ? "" : "s") did not run" : "")
            }
            result = result.clipped()
            context.testEnded(failure: result.status == .failed ? result.message : nil)
            report.tests.append(result)
            if state.breach == nil {
                context.chargeReport(result)
                if state.breach != nil {
                    events(.testFinished(result))
                    return overCap(report: &report, at: i, of: count, state.breach)
                }
            }
            events(.testFinished(result))
            if state.breach != nil { break }
        }
        return report
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
