-- The Tools' buttons are images of SF Symbols with no text, so VoiceOver reads the symbols' own labels: "Pencil"
-- and "Eraser" (a named guess, SymbolLabel). An app that gives them labels of its own passes them in.

local function labels(t)
  local out = {}
  for _, e in ipairs(t:accessibility()) do out[e.id] = e.label end
  return out
end

test("VoiceOver reads the symbols' labels, not the ids", function()
  local s = Stage{}
  local t = s:tools{ expanded = true }
  s:frames(1)
  expect(labels(t)).toEqual({ pencil = "Pencil", eraser = "Eraser" })
end)

test("an app's own labels are read instead", function()
  local s = Stage{}
  local t = s:tools{ labels = { pencil = "Draw" } }
  s:frames(1)
  t:toggle()
  s:settle()
  expect(labels(t)).toEqual({ pencil = "Draw", eraser = "Eraser" })
end)

test("a label for a button the Tools do not have is refused", function()
  local s = Stage{}
  expect(function() s:tools{ labels = { pen = "Draw" } } end)
    .toThrow("stage:tools: option 'labels' must be a table of texts keyed by pencil or eraser, got the key 'pen'")
end)
