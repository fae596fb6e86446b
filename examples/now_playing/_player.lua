-- The seed's example player and helpers the NowPlaying scenarios share. Not a scenario itself (its name starts
-- with "_").
local M = {}

M.tracks = {
  { title = "Slow Mornings", artist = "Aster Vale", duration = 222 },
  { title = "Paper Lanterns", artist = "Aster Vale", duration = 245 },
}

-- The default stage's geometry, worked out by hand from the piece's specification (not read from the model), for
-- the 393 x 852 stage below with safe areas 59 and 34, at the default text size. One SF Pro line is
-- ceil(size x 2444 / 2048) points: 15 -> 18, 13 -> 16, 22 -> 27.
-- The piece is 393 - 2 x 12 = 369 wide (12 in from each side) with its bottom on the bottom safe area, 852 - 34 = 818.
-- Bar: height max(64, 44 + 20, 18 + 2 + 16 + 7 + 20 = 63) = 64, so y = 818 - 64 = 754; play and forward take
-- 44 + 4 + 44 + 4 = 96 of the width, leaving 369 - 96 = 273.
M.bar = { x = 12, y = 754, w = 273, h = 64 }
-- Card: room above the bar = 818 - 59 - 8 = 751; fixed part 34 + 18 + (27 + 2 + 18) + 12 + 30 + 16 + 20 = 177;
-- artwork min(369 - 40, 751 - (72 + 26) - 177) = 329; height 177 + 329 = 506, width min(369, 329 + 40) = 369.
-- Its bottom rests 72 + 26 = 98 above the bar's bottom: y = 818 - 98 - 506 = 214.
M.card = { x = 12, y = 214, w = 369, h = 506 }
-- Play, open: 72 wide, its bottom on the bar's bottom, so its top is at 818 - 72 = 746.
M.playCardY = 746
-- A drop closes the card past max(110, 22 % of its height) = max(110, 0.22 x 506 = 111.32) = 111.32 points.
M.closingDrop = 111.32

--- An iPhone-sized stage at 120 fps; options override any setting.
function M.stage(options)
  local o = { width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 120 }
  for k, v in pairs(options or {}) do o[k] = v end
  return Stage(o)
end

--- The example player (48 s into "Slow Mornings", playing, reporting twice a second) and the piece bound to it.
function M.nowPlaying(s, playerOptions, pieceOptions)
  local p = { tracks = M.tracks, time = 48, isPlaying = true, updateInterval = 0.5 }
  for k, v in pairs(playerOptions or {}) do p[k] = v end
  local player = s:player(p)
  local o = { player = player }
  for k, v in pairs(pieceOptions or {}) do o[k] = v end
  local np = s:nowPlaying(o)
  s:frames(1)
  return player, np
end

--- The first frame at or after time t.
function M.frameTime(t)
  return math.ceil(t * 120 - 1e-6) / 120
end

--- The time of the first frame since `from` for which `test(frame)` holds, or nil.
function M.firstTime(s, from, test)
  local found = nil
  s:frames{ from = from }:map(function(f)
    if found == nil and test(f) then found = f.t end
    return 0
  end)
  return found
end

return M
