-- Podcast mode: the skip bubbles jump 15 seconds back and 30 forward through onSeek (gobackward.15, goforward.30),
-- and read "Skip back, 15 seconds".
local P = require("_player")

local episode = { { title = "Episode 12: Tides", artist = "The Long Walk", duration = 3725 } }

test("the bubbles seek back 15 and forward 30", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { tracks = episode, time = 600, isPlaying = false },
                                  { skipping = "podcast", expanded = true })
  local f = s:frame().nowPlaying
  expect(f.previous.glyph).toBe("gobackward.15")
  expect(f.next.glyph).toBe("goforward.30")
  np:tap("next")
  np:tap("previous")
  np:tap("previous")
  s:settle()
  local calls = player:calls()
  expect(#calls).toBe(3)
  expect(calls[1].name).toBe("onSeek")
  expect(calls[1].time).toBe(630)
  expect(calls[2].time).toBe(615)
  expect(calls[3].time).toBe(600)
  expect(s).toHaveEmitted{ kind = "haptic", name = "skip", count = 3 }
  expect(s).toHaveEmitted{ kind = "announcement", count = 0 }
  -- an hour-long episode shows hours
  expect(s:frame().nowPlaying.times.elapsed).toBe("0:10:00")
  expect(s:frame().nowPlaying.times.remaining).toBe("-0:52:05")
end)

test("VoiceOver reads the jumps", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s, { tracks = episode }, { skipping = { back = 10, forward = 45 }, expanded = true })
  local labels = {}
  for _, e in ipairs(np:accessibility()) do labels[e.id] = e.label end
  expect(labels.previous).toBe("Skip back, 10 seconds")
  expect(labels.next).toBe("Skip forward, 45 seconds")
end)

test("skips clamp to the episode", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { tracks = episode, time = 5, isPlaying = false },
                                  { skipping = "podcast", expanded = true })
  np:tap("previous")
  s:settle()
  expect(player:calls()[1].time).toBe(0)
end)

test("without onSeek there are no bubbles and no forward", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s, { tracks = episode }, { skipping = "podcast", onSeek = false })
  expect(s:frame().nowPlaying.forward).toBeNil()
  expect(s:frame().nowPlaying.thumb).toBeNil()
  expect(np.layout.bar.w).toBe(369 - 48)        -- the bar gives way only to play
end)
