-- A live stream (duration 0): no hairline, no scrubber and no times but "Live"; nothing to seek, so in podcast mode
-- no bubbles; track skips still work.
local P = require("_player")

local radio = { { title = "Night Radio", artist = "KXLU 88.9", duration = 0 },
                { title = "Morning Radio", artist = "KXLU 88.9", duration = 0 } }

test("the card shows Live in place of the scrubber and the times", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s, { tracks = radio, time = 0 })
  expect(np.layout.live).toBe(true)
  expect(s:frame().nowPlaying.hairline.opacity).toBe(0)
  np:tap()
  s:settle()
  local f = s:frame().nowPlaying
  expect(f.scrubber).toBeNil()
  expect(f.thumb).toBeNil()
  expect(f.times.live).toBe("Live")
  expect(f.times.opacity).toBe(1)
  local ids = {}
  for _, e in ipairs(np:accessibility()) do ids[#ids + 1] = e.id end
  expect(table.concat(ids, " ")).toBe("title artist grabber times previous next play")
  expect(np:key("right")).toBe(false)
end)

test("a live bar is shorter: no hairline under the lines", function()
  local s = P.stage()
  local _, np = P.nowPlaying(s, { tracks = radio })
  local s2 = P.stage()
  local _, withTrack = P.nowPlaying(s2)
  expect(np.layout.card.h).toBe(withTrack.layout.card.h - 30)
  expect(np.layout.barHeight).toBe(64)
end)

test("track skips work on a stream; seconds skips give way", function()
  local s = P.stage()
  local player, np = P.nowPlaying(s, { tracks = radio }, { expanded = true })
  np:tap("next")
  s:settle()
  expect(player.title).toBe("Morning Radio")
  expect(s:frame().nowPlaying.title.text).toBe("Morning Radio")
  local s2 = P.stage()
  local _ = P.nowPlaying(s2, { tracks = radio }, { skipping = "podcast" })
  expect(s2:frame().nowPlaying.forward).toBeNil()
end)
