import Testing
@testable import LuaHost
@testable import LuaRuntime
@testable import LuaBindings

/// Rules a binding used to word by hand, now stated as data (an argument's or option's bounds or choices, or the
/// bounds given to a read of a value inside an option) and worded by `ArgumentErrors`: each is broken once here and
/// the message names the function, the place and what was given. Dropping the stated rule (the bounds of `lean`,
/// of a shape's radius) lets the value through and fails the matching case.
@Suite struct StatedRuleRefusalTests {
    /// A call that breaks one rule, and the message it must end with. The player is `made.player`, a sheet
    /// `made.sheet`, and `np` an options table for `s:nowPlaying` (its example's).
    static let cases: [(call: String, message: String)] = [
        // The lean is a fraction of the way from the centre to the touch: 0 to 1, both taken. A script's number is
        // shown as the host's one number format shows it (NumberText: 2 as "2.0").
        ("motion.pressAnchor(nil, { w = 10, h = 10 }, 2)", "motion.pressAnchor: argument 3 must be a lean from 0 to 1, got 2.0"),
        ("motion.pressAnchor(nil, { w = 10, h = 10 }, -0.5)", "motion.pressAnchor: argument 3 must be a lean from 0 to 1, got -0.5"),
        ("s:tabBar{ page = made.page, selected = \"librar\" }",
         "stage:tabBar: option 'selected' must be one of \"library\", \"radio\", \"search\", got \"librar\"; did you mean 'library'?"),
        ("s:page{ sections = { { id = \"a\", title = \"A\", height = 10 } }, keyboard = -1 }",
         "stage:page: option 'keyboard' must be a height in points of at least 0, got -1.0"),
        ("s:page{ sections = { { id = \"a\", title = \"A\", height = 10 } }, spacing = -8 }",
         "stage:page: option 'spacing' must be a distance in points of at least 0, got -8.0"),
        ("made.page:scroll{ to = \"bb\" }", "page:scroll: option 'to' must be one of \"a\", \"b\", got \"bb\"; did you mean 'b'?"),
        ("s:glassGroup{ spacing = 8, shapes = { { id = \"p\", x = 0, y = 0, w = 40, h = 40, shape = { radius = -1 } } } }",
         "stage:glassGroup: shapes[1].shape.radius must be a corner radius of at least 0 points, got -1.0"),
        ("s:glassGroup{ spacing = 8, shapes = { { id = \"p\", x = 0, y = 0, title = \"Go\", padding = { top = -2 } } } }",
         "stage:glassGroup: shapes[1].padding.top must be at least 0 points, got -2.0"),
        ("s:glassGroup{ spacing = 8, shapes = { { id = \"p\", x = 0, y = 0, title = \"Go\", font = \"bodyy\" } } }",
         "got \"bodyy\"; did you mean 'body'?"),
        ("s:sheet{ detents = { \"larg\" } }",
         "stage:sheet: detents[1] must be \"medium\" or \"large\", got \"larg\"; did you mean 'large'?"),
        ("s:sheet{ detents = {} }", "stage:sheet: option 'detents' must be a non-empty list such as { \"medium\", \"large\" }, got an empty list"),
        ("made.sheet:setDetent(\"tall\")", "sheet:setDetent: argument 1 must be \"medium\" or \"large\", got \"tall\""),
        ("(function() np.skipping = { back = 1.5, forward = 30 }; return s:nowPlaying(np) end)()",
         "stage:nowPlaying: skipping.back must be whole seconds from 1 to 86400, got 1.5"),
        ("Stage{ safeArea = { top = -1 } }", "Stage: safeArea.top must be at least 0, got -1.0"),
        ("s:player{ tracks = { { title = \"A\", duration = 10 } }, updateInterval = 0 }",
         "stage:player: option 'updateInterval' must be a number of seconds above 0 or \"frame\", got 0.0"),
        ("s:player{ tracks = { { title = \"A\", duration = 10 } }, seekConfirmation = -1 }",
         "stage:player: option 'seekConfirmation' must be a delay in seconds (0 or more), \"immediately\" or \"never\", got -1.0"),
        ("Stage{ history = -1 }", "Stage: option 'history' must be a number of seconds of frames to keep (0 or more) or \"all\", got -1.0"),
        ("s:piece{ name = \"tl\", layout = function() return {} end, timeline = { minimumInterval = -1 } }",
         "stage:piece: timeline.minimumInterval must be seconds of at least 0, got -1.0"),
        ("s:vinyl{ isPlaying = true, x = 0, y = 0, w = 10, h = -1 }",
         "stage:vinyl: option 'h' must be a height in points of at least 0, got -1.0"),
        ("made.player:play(1)", "player:play: argument 1 is one too many (it takes no arguments), got number"),
        ("made.refresher:tap(\"surface\", 1, {}, 4)", "refresher:tap: argument 4 is one too many (it takes at most 3), got number"),
    ]

    @Test func aRuleStatedAsDataIsRefusedNamingThePlaceAndWhatWasGiven() throws {
        let nowPlaying = DeclaredScenario.examples.first { $0.name == "nowPlaying" }?.options ?? "{}"
        let tries = ["  local np = assert(load(\"return \" .. [==[\(nowPlaying)]==], \"=np\", \"t\", scope))()"]
            + Self.cases.map { c in
                "  print(select(2, pcall(function() return \(c.call) end)))"
            }
        let (result, summary) = try DeclaredScenario.run(tries)
        #expect(result.output.count == Self.cases.count, "\(summary) \(result.output)")
        for (c, line) in zip(Self.cases, result.output) { #expect(line.hasSuffix(c.message), "\(c.call): \(line)") }
    }
}
