-- VoiceOver: closed, the bar is "Open player" with the track as its value, then play; open, the close button,
-- the lines, the playback position and the transport, with the artwork hidden and escape closing from anywhere.
local P = require("_player")

local function ids(tree)
  local out = {}
  for i, e in ipairs(tree) do out[i] = e.id end
  return out
end

test("closed and open trees, and their actions", function()
  local s = P.stage()
  local player, mp = P.miniPlayer(s)
  local tree = mp:accessibility()
  expect(ids(tree)).toEqual({ "bar", "play" })
  expect(tree[1].label).toBe("Open player")
  expect(tree[1].value).toBe("Midnight Drive, The Night Owls")
  expect(tree[2].label).toBe("Play")
  mp:perform("activate", "play")
  expect(player.isPlaying).toBe(true)
  expect(mp:accessibility()[2].label).toBe("Pause")
  mp:perform("activate", "bar")
  s:settle()
  tree = mp:accessibility()
  expect(ids(tree)).toEqual({ "chevron", "title", "subtitle", "progress", "previous", "play", "next" })
  expect(tree[1].label).toBe("Close player")
  expect(tree[4].label).toBe("Playback position")
  expect(tree[4].value).toContain("%")
  expect(tree[2].actions).toContain("escape")
  expect(s:frame().miniPlayer.content.accessibilityHidden).toBe(true)
  mp:perform("escape", "title")
  s:settle()
  expect(mp.isExpanded).toBe(false)
  expect(s:frame().miniPlayer.content.accessibilityHidden).toBe(false)
  -- closed, nothing answers escape
  expect(function() mp:perform("escape") end).toThrow("no whole-screen accessibility action \"escape\"")
end)

test("no keys: the specification names none", function()
  local s = P.stage()
  local _, mp = P.miniPlayer(s)
  for _, key in ipairs({ "space", "return", "escape", "up", "down" }) do expect(mp:key(key)).toBe(false) end
end)
