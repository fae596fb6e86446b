-- Scrub the open card's track: the thumb swells under the finger (16 → 28 points), the times follow it, the player's
-- updates wait, and one onSeek goes out on release. The thumb then holds on the seek until the player's time comes
-- within 1.2 s of it, or 1.5 s pass for a player that never confirms.
local P = require("_player")

local function scrubTo(s, np, fraction)
  local track = np.layout.scrubber
  local finger = np:touch("scrubber")        -- the middle of the track: 111 s of 222
  s:frames(1)
  finger:moveTo(track.x + track.w * fraction, track.y + track.h / 2)
  s:frames(12)                               -- still for a moment before lifting
  finger:up()
  return 222 * fraction
end

test("the thumb grows under the finger and one seek goes out on release", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, nil, { expanded = true })
  local from = s:now()
  local finger = np:touch("scrubber")
  s:advance(0.3)
  local f = s:frame().nowPlaying
  expect(f.thumb.scale).toBeCloseTo(1, 1e-3)
  expect(f.times.elapsed).toBe("1:51")
  expect(f.times.remaining).toBe("-1:51")
  expect(np.isScrubbing).toBe(true)
  s:advance(1.0)                             -- the player plays on, but the piece shows the finger
  expect(s:frame().nowPlaying.times.elapsed).toBe("1:51")
  finger:move(np.layout.scrubber.w / 4, 0)
  finger:up()
  s:settle()
  local calls = player:calls()
  expect(#calls).toBe(1)
  expect(calls[1].name).toBe("onSeek")
  expect(calls[1].time).toBeCloseTo(166.5, 1e-9)
  expect(s:events{ from = from }).toHaveEmitted{ kind = "haptic", name = "grab", count = 1 }
  expect(s:events{ from = from }).toHaveEmitted{ kind = "callback", name = "onSeek", count = 1 }
  expect(s:frame().nowPlaying.thumb.scale).toBeCloseTo(16 / 28, 1e-9)
end)

test("a player that confirms late: the thumb holds on the seek, then follows the player", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { seekConfirmation = 1.0 }, { expanded = true })
  local target = scrubTo(s, np, 0.75)
  s:advance(0.9)
  expect(np.pendingSeek).toBe(target)
  expect(s:frame().nowPlaying.scrubber.progress).toBeCloseTo(0.75, 1e-9)
  expect(player.hasPendingSeek).toBe(true)
  s:advance(0.2)                             -- confirmed at 1.0 s: within 1.2 s of the seek, it lets go
  expect(np.pendingSeek).toBeNil()
  expect(np.shownTime).toBeCloseTo(player.reportedTime, 1e-9)
  expect(player.time).toBeGreaterThan(target)
end)

test("a player that never confirms: the thumb goes back after 1.5 s", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s, { seekConfirmation = "never", isPlaying = false }, { expanded = true })
  scrubTo(s, np, 0.75)
  local released = s:now()
  s:advance(1.45)
  expect(np.pendingSeek).toBeCloseTo(166.5, 1e-9)
  s:settle()
  expect(np.pendingSeek).toBeNil()
  expect(s:now() - released).toBeGreaterThanOrEqual(1.5 - 1e-9)
  expect(s:frame().nowPlaying.scrubber.progress).toBeCloseTo(48 / 222, 1e-9)
  expect(s:frame().nowPlaying.times.elapsed).toBe("0:48")
end)

test("a cancelled scrub seeks nothing", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { isPlaying = false }, { expanded = true })
  local finger = np:touch("scrubber")
  s:frames(2)
  finger:cancel()
  s:settle()
  expect(#player:calls()).toBe(0)
  expect(s:frame().nowPlaying.times.elapsed).toBe("0:48")
end)

test("the arrow keys and VoiceOver seek 15 seconds", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { isPlaying = false }, { expanded = true })
  expect(np:key("right")).toBe(true)
  np:perform("decrement", "scrubber")
  np:perform("decrement", "scrubber")
  local calls = player:calls()
  expect(calls[1].time).toBe(63)
  expect(calls[2].time).toBe(48)
  expect(calls[3].time).toBe(33)
end)
