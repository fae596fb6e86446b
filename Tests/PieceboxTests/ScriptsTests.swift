import Foundation
import Testing

/// The repository's scripts (`scripts/bootstrap`, `scripts/run`, `scripts/install`), run by bash with stand-ins for
/// the tools they call (apt-get, pkg-config, sleep, swift) first on the PATH: what each script does with what those
/// tools answer, with nothing installed, built or waited for.
@Suite struct ScriptsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// A folder of stand-in tools (`tools/`) and of what they saw (`seen/`).
    final class Stand {
        let folder: TestFolder
        var tools: String { folder.path + "/tools" }
        var seen: String { folder.path + "/seen" }

        init() throws {
            folder = try TestFolder()
            try FileManager.default.createDirectory(atPath: folder.path + "/seen", withIntermediateDirectories: true)
            // Root, so bootstrap calls apt-get itself rather than through sudo.
            try tool("id", "echo 0")
        }

        func tool(_ name: String, _ body: String) throws {
            let path = try folder.write("tools/" + name, "#!/bin/sh\nseen=\"\(seen)\"\n" + body + "\n")
            chmod(path, 0o755)
        }

        /// Runs `script` from the repository in `cwd` with the stand-ins first on the PATH.
        func run(_ script: String, _ arguments: [String] = [], in cwd: String? = nil,
                 environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [ScriptsTests.repository + "/scripts/" + script] + arguments
            var env = ProcessInfo.processInfo.environment
            env["PATH"] = tools + ":" + (env["PATH"] ?? "/usr/bin:/bin")
            for (key, value) in environment { env[key] = value }
            process.environment = env
            process.currentDirectoryURL = URL(fileURLWithPath: cwd ?? folder.path)
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            // Standard error is read on its own thread, so neither pipe can fill while the other is read.
            let errBox = ErrBox()
            let read = DispatchSemaphore(value: 0)
            DispatchQueue.global().async { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); read.signal() }
            let outText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            read.wait()
            let errText = String(decoding: errBox.data, as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, outText, errText)
        }

        func read(_ name: String) -> String? { folder.read("seen/" + name) }
    }

    final class ErrBox: @unchecked Sendable { var data = Data() }

    // MARK: bootstrap

    /// Lua is missing until apt-get installs it; apt-get's install finds the lock held `busy` times first, saying
    /// so as apt-get 2.6 does, and fails with its status 100.
    static func aptStand(busy: Int) throws -> Stand {
        let stand = try Stand()
        try stand.tool("pkg-config", "[ -e \"$seen/installed\" ]")
        try stand.tool("sleep", "echo \"$1\" >> \"$seen/slept\"")
        try stand.tool("apt-get", """
            echo "$*" >> "$seen/apt-get"
            [ "$1" = update ] && exit 0
            n=$(cat "$seen/tries" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$seen/tries"
            if [ $n -le \(busy) ]; then
              echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (unattended-upgr)" >&2
              echo "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?" >&2
              exit 100
            fi
            touch "$seen/installed"
            """)
        return stand
    }

    @Test func bootstrapWaitsForAnotherAptProcessThenInstalls() throws {
        let stand = try Self.aptStand(busy: 2)
        let run = try stand.run("bootstrap")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("apt-wait: another apt or dpkg process holds the package lock (held by process 4242 (unattended-upgr)); waiting for it to finish (up to 300 s)"),
                "\(run.stderr)")
        // Two refusals, so two waits of 5 s, and the third try installs.
        #expect(stand.read("slept") == "5\n5\n")
        #expect(stand.read("tries") == "3\n")
        #expect(stand.read("apt-get")?.hasPrefix("update -qq\ninstall -y -qq liblua5.4-dev\n") == true, "\(stand.read("apt-get") ?? "")")
    }

    @Test func bootstrapGivesUpAfterItsBoundedWait() throws {
        // A lock never freed: with a 12 s bound, it waits 0, 5 and 10 s, then at 15 s gives up: 4 tries, 3 sleeps.
        let stand = try Self.aptStand(busy: 1000)
        let run = try stand.run("bootstrap", environment: ["PIECEBOX_APT_WAIT": "12"])
        #expect(run.status == 100, "\(run.stderr)")
        #expect(run.stderr.contains("apt-wait: gave up after 15 s waiting for the package lock (still held by process 4242 (unattended-upgr))"), "\(run.stderr)")
        #expect(stand.read("slept") == "5\n5\n5\n")
        #expect(stand.read("tries") == "4\n")
    }

    @Test func bootstrapShowsAnyOtherAptFailureAtOnce() throws {
        let stand = try Stand()
        try stand.tool("pkg-config", "exit 1")
        try stand.tool("sleep", "echo \"$1\" >> \"$seen/slept\"")
        try stand.tool("apt-get", "[ \"$1\" = update ] && exit 0\necho 'E: Unable to locate package liblua5.4-dev' >&2\nexit 100")
        let run = try stand.run("bootstrap")
        #expect(run.status == 100)
        #expect(run.stderr.contains("E: Unable to locate package liblua5.4-dev"), "\(run.stderr)")
        #expect(stand.read("slept") == nil)
    }

    // MARK: run and install

    /// A `swift` that builds nothing: `--show-bin-path` names `bin/`, whose `piecebox` writes down where it ran,
    /// with which arguments.
    static func buildStand() throws -> Stand {
        let stand = try Stand()
        try stand.tool("swift", """
            for a in "$@"; do [ "$a" = --show-bin-path ] && { echo "\(stand.folder.path)/bin"; exit 0; }; done
            echo "$*" >> "$seen/swift"
            """)
        let piecebox = try stand.folder.write("bin/piecebox", """
            #!/bin/sh
            [ "$1" = --version ] && { echo "piecebox 9.9.9"; exit 0; }
            pwd > "\(stand.seen)/cwd"
            printf '%s\\n' "$@" > "\(stand.seen)/args"
            """)
        chmod(piecebox, 0o755)
        return stand
    }

    @Test func runTakesPathsFromTheCallersFolder() throws {
        let stand = try Self.buildStand()
        let mine = stand.folder.path + "/mine"
        try stand.folder.write("mine/my.lua", "test('t', function() end)\n")
        let run = try stand.run("run", ["my.lua", "--jobs", "1"], in: mine)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(stand.read("cwd") == mine + "\n")
        #expect(stand.read("args") == "run\nmy.lua\n--jobs\n1\n")
        // The build is the repository's, from wherever it was called.
        #expect(stand.read("swift") == "build --package-path \(Self.repository) --product piecebox\n", "\(stand.read("swift") ?? "")")
    }

    @Test func installCopiesTheReleaseBuildIntoPrefixBinAndSaysHowToReachIt() throws {
        let stand = try Self.buildStand()
        let home = stand.folder.path + "/home"
        // No PREFIX: ~/.local, not on this PATH, so the line to add it is printed.
        let first = try stand.run("install", environment: ["HOME": home])
        #expect(first.status == 0, "\(first.stderr)")
        let installed = home + "/.local/bin/piecebox"
        #expect(FileManager.default.isExecutableFile(atPath: installed))
        #expect(FileManager.default.contents(atPath: installed) == FileManager.default.contents(atPath: stand.folder.path + "/bin/piecebox"))
        #expect(first.stdout.contains("installed \(installed) (piecebox 9.9.9)"), "\(first.stdout)")
        #expect(first.stdout.contains("\(home)/.local/bin is not on your PATH"), "\(first.stdout)")
        #expect(first.stdout.contains("  export PATH=\"\(home)/.local/bin:$PATH\""), "\(first.stdout)")
        // On Linux the Swift libraries are linked in (scripts/release-build): one file, and no dynamic linking at start.
        #if os(Linux)
        let linked = " --static-swift-stdlib"
        #else
        let linked = ""
        #endif
        #expect(stand.read("swift") == "build --package-path \(Self.repository) -c release\(linked) --product piecebox\n", "\(stand.read("swift") ?? "")")
        #expect(first.stderr.contains("install: building piecebox in release"), "\(first.stderr)")

        // The revision it was built from is recorded beside it, for piecebox init.
        let head = try runTool("/usr/bin/git", ["-C", Self.repository, "rev-parse", "--verify", "-q", "HEAD"])
        if head.status == 0 {
            let record = FileManager.default.contents(atPath: home + "/.local/share/piecebox/source").map { String(decoding: $0, as: UTF8.self) }
            #expect(record?.contains("revision " + head.output.trimmingCharacters(in: .whitespacesAndNewlines) + "\n") == true, "\(record ?? "none")")
        }

        // A PREFIX already on the PATH: no line to add.
        let prefix = stand.folder.path + "/usr"
        let path = stand.tools + ":" + prefix + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let second = try stand.run("install", [prefix], environment: ["HOME": home, "PATH": path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/piecebox"))
        #expect(!second.stdout.contains("not on your PATH"), "\(second.stdout)")
    }
}
