--! plugins: buffering
-- A player written in Lua (examples/plugins/buffering) driving NowPlaying: after a seek its clock stalls for
-- 1.5 s, and meanwhile its reports still say where it stood. The piece holds the scrubber on the pending seek
-- through the stall, whatever those reports say, and lands when the player confirms.

local function setUp(stall)
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 120 }
  local p = s:bufferingPlayer{ title = "Slow Mornings", artist = "Aster Vale", duration = 222, time = 48,
                               isPlaying = true, stall = stall }
  local np = s:nowPlaying{ player = p, expanded = true }
  s:advance(1.0)                     -- reports at 0.5 and 1.0: 48.5, then 49
  np:key("right")                    -- the arrow key seeks 15 s from what is shown: 49 + 15 = 64
  return s, p, np
end

local target = 64 / 222              -- 0.288288…: where the scrubber stands for 64 s of 222

test("the scrubber holds the pending seek while the stalled player reports 49 s", function()
  local s, p, np = setUp(1.5)
  expect(p.calls[1]).toEqual({ name = "onSeek", at = 1, time = 64 })
  s:advance(1.45)                    -- to 2.45 s, before the stall ends at 1.0 + 1.5 = 2.5 s
  expect(p.time).toBe(49)            -- its ticks at 1.5 and 2.0 s said 49 (the clock stood still)
  expect(np.pendingSeek).toBe(64)
  expect(np.shownTime).toBe(64)
  -- The value spring (0.35 s, no bounce) took the scrubber from 49 s to 64 s; from 1.5 s on it is still.
  local held = s:frames{ from = 1.5, to = 2.45 }:map(function(f) return f.nowPlaying.scrubber.progress end)
  expect(held:min()).toBeCloseTo(target, 1e-6)
  expect(held:max()).toBeCloseTo(target, 1e-6)
  expect(s:frame().nowPlaying.times.elapsed).toBe("1:04")
end)

test("it lands when the player confirms, then creeps on from 64 s", function()
  local s, p, np = setUp(1.5)
  s:advance(2.5)                     -- to 3.5 s
  expect(np.pendingSeek).toBeNil()
  expect(p.reports[5]).toEqual({ reason = "seek", at = 2.5, time = 64 })
  -- Reports at 2.5 (64) and 3.0 (64.5), 0.5 s apart: the hairline creeps linearly over that gap, so halfway to
  -- the next report, at 3.25 s, it shows 64.25 s.
  expect(s:frameAt(3.25).nowPlaying.scrubber.progress * 222).toBeCloseTo(64.25, 1e-9)
  expect(s:frameAt(3.25).nowPlaying.hairline.progress * 222).toBeCloseTo(64.25, 1e-9)
end)

test("the piece gives up at 1.5 s just as the player confirms: one frame shows 49 s, then it springs back", function()
  -- The pending seek's time-out (1.5 s, scheduled at the seek) and the confirmation (the stall, 1.5 s, scheduled
  -- just after it by the player) fall at the same instant; the time-out runs first, so the frame at 2.5 s shows
  -- the player's last report (49 s) before the confirmation's value spring carries the scrubber back to 64 s.
  local s = setUp(1.5)
  s:advance(1.6)
  expect(s:frameAt(2.5).nowPlaying.scrubber.progress * 222).toBeCloseTo(49, 1e-9)
  s:advance(0.5)
  -- The value spring (0.35 s, no bounce) is critically damped with w = 2 pi / 0.35: from rest, what is left of a
  -- 15 s step after 0.5 s is 15 (1 + w 0.5) e^(-w 0.5) = 15 x 9.976 x 1.264e-4 = 0.0189 s.
  local w = 2 * math.pi / 0.35
  expect(s:frameAt(3.0).nowPlaying.scrubber.progress * 222).toBeCloseTo(64 - 15 * (1 + w * 0.5) * math.exp(-w * 0.5), 1e-6)
end)

test("a shorter stall lands on the pending seek without a dip", function()
  local s, _, np = setUp(1.0)        -- confirms at 2.0 s, before the piece would give up at 2.5 s
  s:advance(1.5)
  expect(np.pendingSeek).toBeNil()
  local shown = s:frames{ from = 1.5, to = 2.5 }:map(function(f) return f.nowPlaying.scrubber.progress end)
  expect(shown:min()).toBeCloseTo(target, 1e-6)    -- it never went back toward 49 s
  expect(shown).toNeverDecrease()
end)

test("the mini player takes the same Lua player", function()
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 120 }
  local p = s:bufferingPlayer{ title = "Slow Mornings", duration = 200, time = 50, isPlaying = true }
  local mini = s:miniPlayer{ player = p }
  expect(mini.progress).toBe(50 / 200)            -- 0.25, read when it was bound
  s:advance(1.0)                                  -- reports at 0.5 and 1.0: 51 s of 200
  expect(mini.progress).toBe(51 / 200)
end)

test("the vinyl follows the Lua player's play and pause", function()
  local s = Stage{ width = 393, height = 852, fps = 120 }
  local p = s:bufferingPlayer{ title = "Slow Mornings", duration = 222, time = 48 }
  local disc = s:vinyl{ player = p }
  expect(disc.isPlaying).toBe(false)
  p:play()                                        -- reports "play": the disc starts
  expect(disc.isPlaying).toBe(true)
  s:advance(1)
  p:pause()
  expect(disc.isPlaying).toBe(false)
end)

test("a table that is not a player is refused, naming what is missing or wrong", function()
  local s = Stage{}
  expect(function() s:nowPlaying{ player = { title = "x", duration = 1, isPlaying = false, time = 0 } } end)
    .toThrow("stage:nowPlaying: option 'player': the Lua player has no function 'observe'")
  local p = s:bufferingPlayer{ title = "x", duration = 10 }
  p.duration = "long"
  expect(function() s:nowPlaying{ player = p } end)
    .toThrow("the Lua player's 'duration' must be a number of seconds (0 for a live stream), got \"long\"")
end)

test("an error in the player's own code is raised at the line of the call that caused it", function()
  local s = Stage{ width = 393, height = 852, safeArea = { top = 59, bottom = 34 } }
  local p = s:bufferingPlayer{ title = "Slow Mornings", duration = 222, time = 48 }
  function p:onSeek(_time) error("no network") end
  local np = s:nowPlaying{ player = p, expanded = true }
  expect(function() np:key("right") end).toThrow("player:onSeek failed: examples/plugins/buffering.lua:")
  expect(function() np:key("right") end).toThrow("no network")
end)

test("a bad report is refused at the player's line", function()
  local s = Stage{}
  local p = s:bufferingPlayer{ title = "x", duration = 10 }
  local tell
  function p:observe(fn) tell = fn end
  s:nowPlaying{ player = p }
  expect(function() tell{ reason = "later" } end).toThrow("'reason' must be one of \"tick\"")
  expect(function() tell{ reason = "tick", time = "soon" } end).toThrow("the Lua player's 'time' must be a position in seconds, got \"soon\"")
end)
