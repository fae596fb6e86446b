-- Every mistake in the piece's options is a clear error naming the function and the option.
local P = require("_player")

test("piece options", function()
  local s = P.stage()
  local player = s:player{ tracks = P.tracks }
  expect(function() s:miniPlayer{} end).toThrow("stage:miniPlayer: option 'player' is required (a player made with s:player")
  expect(function() s:miniPlayer{ player = player, messages = { open = "x" } } end)
    .toThrow("option 'messages' has an unknown key 'open'")
  expect(function() s:miniPlayer{ player = player, messages = { play = 1 } } end).toThrow("messages.play must be a string")
  expect(function() s:miniPlayer{ player = player, isExpanded = true } end)
    .toThrow("unknown option 'isExpanded' (known: player, name, messages, dragSpace, dragGeometry)")   -- its own
  expect(function() s:miniPlayer{ player = player, dragSpace = "world" } end)
    .toThrow([[stage:miniPlayer: option 'dragSpace' must be one of "view", "screen", got "world"]])
  expect(function() s:miniPlayer{ player = player, dragSpace = 1 } end)
    .toThrow([[option 'dragSpace' must be "view" or "screen"]])
  expect(function() s:miniPlayer{ player = player, dragGeometry = "animated" } end)
    .toThrow([[option 'dragGeometry' must be one of "drawn", "target", got "animated"]])
  local mp = s:miniPlayer{ player = player }
  expect(function() s:miniPlayer{ player = player } end).toThrow('a piece named "miniPlayer" is already on the stage')
  expect(function() mp:tap("chevron") end).toThrow("the player is closed (open it first, e.g. tap the bar)")
  expect(function() mp:tap("lid") end).toThrow("has no part named \"lid\"")
end)

test("a touch out of reach is refused where it is given, and nothing reaches the frames", function()
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  mp:tap()
  s:settle()
  -- 1e308 is finite, but the drag's arithmetic on it (less the player's movement, over a time) would overflow.
  expect(function() mp:touch(196, 1e308) end).toThrow("touch at (196.0, 1e+308) is out of reach")
  local finger = mp:touch(196, 300)
  expect(function() finger:moveTo(196, 1e308) end).toThrow("is out of reach: a finger stays within 1000000 points")
  expect(function() finger:move(0, -2e6) end).toThrow("touch at (196.0, -1999700.0) is out of reach")
  finger:moveTo(196, 1e6 - 1)                         -- within reach: delivered
  finger:up()
  expect(function() mp:drag{ dy = 1e308 } end).toThrow("is out of reach")
  expect(function() mp:fling{ dy = -1e7, velocity = 1e9 } end).toThrow("is out of reach")
  s:settle()
  for _, frame in ipairs(s:frames()) do
    for _, element in pairs(frame.miniPlayer) do
      for key, value in pairs(element) do
        if type(value) == "number" then expect(value == value).toBe(true, key) end
      end
    end
  end
end)
