-- Play toggles the app's isPlaying, previous and next call the app (here the player skips), and the progress is
-- the player's reported time over the duration, held within 0 and 1 (a live stream shows 0).
local P = require("_player")

test("play, previous and next reach the player", function()
  local s = P.stage()
  local player, mp = P.miniPlayer(s)
  mp:tap("play")
  expect(player.isPlaying).toBe(true)
  expect(s:frame().miniPlayer.miniPlay.glyph).toBe("pause.fill")
  mp:tap()
  s:settle()
  mp:tap("next")
  expect(player.title).toBe("Paper Planes")
  s:frames(1)
  expect(s:frame().miniPlayer.title.text).toBe("Paper Planes")
  mp:tap("previous")
  expect(player.title).toBe("Midnight Drive")
  mp:tap("play")
  expect(player.isPlaying).toBe(false)
  expect(P.callbacks(s)).toEqual({ "isPlaying", "onNext", "onPrevious", "isPlaying" })
end)

test("the progress follows the reports", function()
  local s = P.stage{ reduceMotion = true }          -- so the player opens at once
  local _, mp = P.miniPlayer(s, { isPlaying = true })
  expect(mp.progress).toBe(0.2)                     -- 40 / 200
  expect(s:frame().miniPlayer.progress).toBe(nil)   -- the progress bar is the open player's
  mp:tap()                                          -- 0.1 s: before the first report at 0.5 s
  expect(s:frame().miniPlayer.progress.value).toBe(0.2)
  s:advance(1)
  expect(mp.progress).toBeCloseTo(41 / 200, 1e-9)   -- two reports later
  expect(s:frame().miniPlayer.progress.value).toBeCloseTo(0.205, 1e-9)
end)

test("a live stream shows no progress", function()
  local s = P.stage()
  local _, mp = P.miniPlayer(s, { tracks = { { title = "Night Radio", artist = "Live", duration = 0 } } })
  expect(mp.progress).toBe(0)
end)
