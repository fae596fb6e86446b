import Foundation
import Testing
@testable import LuaHost

/// The foundation as its specification signs it, from Lua: `follow([spring,] rank)`, the Reduce Motion forms of
/// follow and cascade (`motion.reduced.*`), `transition` and `swap`, and bloom's `delay`. Every expected animation
/// is worked from the specification's formulas and compared by sampling, never read from the model's tokens.
@Suite struct FoundationSignatureTests {
    func passes(_ body: String) throws {
        let report = try runScenario("test(\"foundation\", function()\n\(body)\nend)\n")
        #expect(report.tests.first?.status == .passed, "\(report.tests.map(\.message))")
    }

    @Test func followTakesTheSpringFirstAndRanksLoosenIt() throws {
        try passes("""
        local function same(a, b) for t = 0, 2, 0.05 do expect(a:value(t)).toBeCloseTo(b:value(t), 1e-12) end end
        -- follow(spring, rank) = spring(duration: d + 0.04 k, bounce: min(b + 0.02 k, 0.55)), k = rank clamped to 0…6.
        -- Elastic is 0.42 s, bounce 0.38: rank 2 is 0.50 s, 0.42.
        same(motion.follow(2), motion.spring{ duration = 0.5, bounce = 0.42 }:animation())
        same(motion.follow(motion.tiers.elastic, 2), motion.spring{ duration = 0.5, bounce = 0.42 }:animation())
        -- Rank 9 counts as 6: 0.3 + 0.24 = 0.54 s; 0.5 + 0.12 = 0.62 is capped at 0.55.
        same(motion.follow({ duration = 0.3, bounce = 0.5 }, 9), motion.spring{ duration = 0.54, bounce = 0.55 }:animation())
        -- Under Reduce Motion every rank is 0.25 s with no bounce.
        same(motion.reduced.follow(5), motion.spring{ duration = 0.25, bounce = 0 }:animation())
        same(motion.reduced.follow(motion.tiers.elastic, 0), motion.spring{ duration = 0.25, bounce = 0 }:animation())
        expect(function() motion.follow(2, motion.tiers.elastic) end).toThrow("motion.follow: give the spring first: motion.follow(spring, rank), or motion.follow(rank)")
        """)
    }

    @Test func cascadeWaitsThirtyMillisecondsAPlaceButNotUnderReduceMotion() throws {
        try passes("""
        local e = motion.easeOut(0.2)
        -- Index 3 waits 0.09 s; index 9 is capped at the seventh place, 0.21 s; index 0 leads at once.
        for _, case in ipairs({ { 3, 0.09 }, { 9, 0.21 }, { 0, 0 } }) do
          local a, wait = motion.cascade(e, case[1]), case[2]
          for t = 0, 0.5, 0.01 do expect(a:value(t)).toBeCloseTo(t < wait and 0 or e:value(t - wait), 1e-12) end
        end
        -- Under Reduce Motion it is the animation itself.
        for t = 0, 0.5, 0.01 do expect(motion.reduced.cascade(e, 5):value(t)).toBeCloseTo(e:value(t), 1e-12) end
        """)
    }

    @Test func transitionsFadeUnderReduceMotion() throws {
        try passes("""
        expect(motion.transition("slide")).toBe("slide")
        expect(motion.reduced.transition("slide")).toBe("opacity")
        expect(motion.swap()).toBe("blurReplace")
        expect(motion.reduced.swap()).toBe("opacity")
        """)
    }

    @Test func bloomWaitsItsDelayAfterTheLead() throws {
        try passes("""
        local s = Stage{ fps = 1000 }
        local buds = s:buds{ name = "bubbles" }
        -- Sent out 24 ms + 100 ms after the call: not yet at 0.123 s, out by 0.125 s.
        buds:bloom({ "a" }, 0.05, 0.1)
        s:advance(0.123)
        expect(buds:isOut("a")).toBe(false)
        s:advance(0.002)
        expect(buds:isOut("a")).toBe(true)
        expect(function() buds:bloom({ "a" }, 0.05, 1 / 0) end).toThrow("buds:bloom: argument 3 must be a delay in seconds, got inf")
        """)
    }
}

extension FoundationSignatureTests {
    /// Tokens a plugin adds take a Reduce Motion form: the one given (`reduced = { roles = {...} }`), or the
    /// foundation's (a role holds still on the 0.25 s spring with no bounce; a tier keeps its duration, bounce 0).
    /// A built-in role may be given one in place of its substitute; a built-in tier has none to replace.
    @Test func addedTokensHaveReduceMotionForms() throws {
        try passes("""
        local function same(a, b) for t = 0, 2, 0.05 do expect(a:value(t)).toBeCloseTo(b:value(t), 1e-12) end end
        motion.override{ roles = { wobble = motion.spring{ duration = 0.6, bounce = 0.4 } },
                         tiers = { jelly = { duration = 0.5, bounce = 0.5 } } }
        same(motion.roles.wobble, motion.spring{ duration = 0.6, bounce = 0.4 }:animation())
        same(motion.reduced.roles.wobble, motion.spring{ duration = 0.25, bounce = 0 }:animation())
        same(motion.reduced.tiers.jelly, motion.spring{ duration = 0.5, bounce = 0 })
        same(motion.tiers.jelly, motion.spring{ duration = 0.5, bounce = 0.5 })
        motion.override{ reduced = { roles = { wobble = motion.easeOut(0.2) }, tiers = { jelly = { duration = 0.3 } } } }
        same(motion.reduced.roles.wobble, motion.easeOut(0.2))
        same(motion.reduced.tiers.jelly, motion.spring{ duration = 0.3, bounce = 0 })
        same(motion.roles.wobble, motion.spring{ duration = 0.6, bounce = 0.4 }:animation())
        -- The foundation's substitute for reveal is a 0.2 s ease out; one given in its place wins under Reduce Motion.
        same(motion.reduced.roles.reveal, motion.easeOut(0.2))
        motion.override{ reduced = { roles = { reveal = motion.easeOut(0.4) } } }
        same(motion.reduced.roles.reveal, motion.easeOut(0.4))
        same(motion.roles.reveal, motion.spring{ duration = 0.5, bounce = 0.2 }:animation())
        expect(function() motion.override{ reduced = { tiers = { calm = { duration = 0.3 } } } } end)
          .toThrow("motion.override: reduced.tiers.calm: a built-in tier has no Reduce Motion form")
        expect(function() motion.override{ reduced = { moves = {} } } end)
          .toThrow("motion.override: reduced has an unknown key 'moves' (known: roles, tiers)")
        """)
    }
}
