-- Skip to the next track while the card is open: onSkip goes out with a selection haptic, the player moves on, the
-- lines change to the new track (the title letter by letter, the artwork blurring in), and VoiceOver announces it
-- once it has arrived.
local P = require("_player")

test("next changes the track and announces it", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { isPlaying = false }, { expanded = true })
  local from = s:now()
  np:tap("next")
  s:settle()
  local calls = player:calls()
  expect(#calls).toBe(1)
  expect(calls[1].name).toBe("onSkip")
  expect(calls[1].direction).toBe("next")
  expect(player.track).toBe(2)
  local f = s:frame().nowPlaying
  expect(f.title.text).toBe("Paper Lanterns")
  expect(f.art.track).toBe("Paper Lanterns — Aster Vale")
  expect(f.times.elapsed).toBe("0:00")
  expect(f.times.remaining).toBe("-4:05")
  local said = s:events{ kind = "announcement", from = from }
  expect(#said).toBe(1)
  expect(said[1].text).toBe("Paper Lanterns, Aster Vale")
  local skips = s:events{ kind = "haptic", name = "skip", from = from }
  expect(#skips).toBe(1)
  expect(skips[1].style).toBe("selection")
  expect(np.isOpen).toBe(true)
end)

test("the new title arrives letter by letter and the artwork blurs in", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s, { isPlaying = false }, { expanded = true })
  local from = s:now()
  np:tap("next")
  s:advance(0.1)
  -- the change begins on the first frame that shows the new track
  local first = nil
  s:frames{ from = from }:map(function(fr)
    if first == nil and fr.nowPlaying.title.text == "Paper Lanterns" then first = fr end
    return 0
  end)
  local changed = first.t
  local f = first.nowPlaying
  expect(f.title.morphs).toBe(true)
  -- "Slow Mornings" to "Paper Lanterns": the shared n (place 9) holds still, every other letter grows in from 0.6
  expect(f["title.letter.1"].text).toBe("P")
  expect(f["title.letter.1"].scale).toBe(0.6)
  expect(f["title.letter.9"].opacity).toBe(1)
  -- the artwork: the new one at 0 opacity and blur 7, the artist the same on both tracks (nothing moves)
  expect(f.art.swap).toBe(0)
  expect(f.art.swapBlur).toBe(7)
  expect(f["artist.letter.1"].opacity).toBe(1)
  local letter = motion.spring{ duration = 0.42, bounce = 0.3 }
  local morph = motion.spring{ duration = 0.4, bounce = 0.2 }
  f = s:frame().nowPlaying
  expect(f["title.letter.1"].opacity).toBeCloseTo(letter:value(s:now() - changed), 1e-9)
  expect(f["title.letter.2"].opacity).toBeCloseTo(letter:value(s:now() - changed - 0.022), 1e-9)
  expect(f["title.letter.14"].opacity).toBe(0)                 -- 13 places × 22 ms: still waiting
  expect(f.art.swap).toBeCloseTo(morph:value(s:now() - changed), 1e-9)
  expect(f.art.swapBlur).toBeCloseTo(7 * (1 - morph:value(s:now() - changed)), 1e-9)
  s:settle()
  f = s:frame().nowPlaying
  expect(f["title.letter.14"].opacity).toBe(1)
  expect(f.art.swap).toBe(1)
  expect(f.art.swapBlur).toBe(0)
end)

test("the play glyph swaps on the snap spring; the triangle sits 1.5 pt right", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s, { isPlaying = true }, { expanded = true })
  expect(s:frame().nowPlaying.play.glyphOffset).toBe(0)
  np:key("space")
  s:frames(1)
  local changed = s:now()
  expect(s:frame().nowPlaying.play.glyph).toBe("play.fill")
  expect(s:frame().nowPlaying.play.glyphOffset).toBe(1.5)
  expect(s:frame().nowPlaying.play.swap).toBe(0)
  s:advance(0.05)
  local snap = motion.spring{ duration = 0.32, bounce = 0.25 }
  expect(s:frame().nowPlaying.play.swap).toBeCloseTo(snap:value(s:now() - changed), 1e-9)
  local plays = s:events{ kind = "haptic", name = "play" }
  expect(plays[1].style).toBe("impact")
  expect(plays[1].weight).toBe("light")
end)

test("previous wraps to the last track; the app's own skip is not announced", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { isPlaying = false }, { expanded = true })
  np:tap("previous")
  s:settle()
  expect(player.title).toBe("Paper Lanterns")
  player:skip("next")                        -- the app skips on its own
  s:settle()
  expect(s:frame().nowPlaying.title.text).toBe("Slow Mornings")
  expect(s).toHaveEmitted{ kind = "announcement", count = 1 }
end)

test("a skip drops a pending seek of the old track", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s, { isPlaying = false, seekConfirmation = "never" }, { expanded = true })
  np:key("right")
  expect(np.pendingSeek).toBe(63)
  np:tap("next")
  expect(np.pendingSeek).toBeNil()
  s:settle()
  expect(s:frame().nowPlaying.scrubber.progress).toBe(0)
end)

test("the forward bubble on the bar skips too", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { isPlaying = false })
  np:tap("forward")
  s:settle()
  expect(player.title).toBe("Paper Lanterns")
  expect(np.isOpen).toBe(false)
  expect(s:frame().nowPlaying.title.text).toBe("Paper Lanterns")
end)
