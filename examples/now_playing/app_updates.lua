-- What the app passes and what VoiceOver asks that does nothing: one np:set{} is one app update (the bubbles move
-- once, for the net change), a touch in the capsule's corner passes through, and the seed's quiet accessibility
-- actions (escape on the collapsed bar, adjusting a scrubber that cannot seek) do nothing, without an error.
local P = require("_player")

test("one set{} that drops onSkip for podcast mode keeps forward out", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  local from = s:now()
  np:set{ onSkip = false, skipping = "podcast" }
  s:advance(1)
  s:frames{ from = from }:map(function(f)
    expect(f.nowPlaying.forward).never.toBeNil()
    expect(f.nowPlaying.forward.out).toBe(true)
    return 0
  end)
  expect(s:frame().nowPlaying.forward.glyph).toBe("goforward.30")
  for _, m in ipairs(s:events{ kind = "merge", from = from }) do
    expect(m.parted:find("forward+play", 1, true)).toBeNil()
  end
end)

test("two separate updates within 0.56 s lose forward, as the seed does", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  np:set{ onSkip = false }
  s:advance(0.1)
  np:set{ skipping = "podcast" }
  s:advance(1)
  expect(s:frame().nowPlaying.forward).toBeNil()
end)

test("the capsule's corner passes a tap through; just inside its 32 pt radius opens", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s)
  local bar = np.layout.bar
  np:touch(bar.x + 2, bar.y + 2):up()
  s:settle()
  expect(np.expanded).toBe(false)
  np:touch(bar.x + 32, bar.y + 2):up()
  s:settle()
  expect(np.expanded).toBe(true)
end)

test("escape on the collapsed bar and adjusting a scrubber that cannot seek do nothing", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { isPlaying = false }, { onSeek = false })
  local from = s:now()
  np:perform("escape", "bar")
  np:perform("escape")
  s:settle()
  expect(np.expanded).toBe(false)
  expect(s:events{ from = from }).toHaveEmitted{ kind = "haptic", count = 0 }
  np:setExpanded(true)
  s:settle()
  np:perform("increment", "scrubber")
  np:perform("decrement", "scrubber")
  s:settle()
  expect(#player:calls()).toBe(0)
  expect(np.shownTime).toBe(48)
end)
