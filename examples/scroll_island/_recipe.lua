-- A recipe page in five parts, laid out like the seed's example (a heading over paragraphs, measured in the system
-- font), and helpers the scroll island scenarios share. Not a scenario itself (its name starts with "_").
local M = {}

M.sections = {
  { id = "overview", title = "Overview", detail = "1 min", paragraphs = {
      "A tray of roasted squash with crisp chickpeas, brown butter and sage, for four people or two hungry ones.",
      "The oven does most of the work, so heat it before you start chopping anything at all.",
  } },
  { id = "ingredients", title = "Ingredients", detail = "2 min", paragraphs = {
      "One butternut squash, peeled and cut into thumb-sized pieces. A tin of chickpeas, drained and patted dry.",
      "Forty grams of butter, a handful of sage leaves, a lemon, flaky salt and a little chilli if you like heat.",
  } },
  { id = "method", title = "Method", detail = "5 min", paragraphs = {
      "Toss the squash and chickpeas in oil and salt, spread them out on a wide tray and roast for thirty minutes.",
      "Turn everything once halfway so the edges catch, and give the chickpeas a shake so they crisp on all sides.",
      "Melt the butter in a small pan until it smells nutty, drop in the sage for ten seconds and take it off the heat.",
  } },
  { id = "serving", title = "Serving", detail = "2 min", paragraphs = {
      "Pile the tray onto a warm plate, spoon the butter and sage over the top and finish with lemon and salt.",
      "Good with a sharp green salad and bread for the butter.",
  } },
  { id = "notes", title = "Notes", detail = "1 min", paragraphs = {
      "Leftovers reheat well in a hot oven; the chickpeas soften but the flavour holds.",
      "Pumpkin or sweet potato work the same way.",
  } },
}

--- An iPhone-sized stage.
function M.stage(options)
  local o = { width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 120 }
  for k, v in pairs(options or {}) do o[k] = v end
  return Stage(o)
end

--- The recipe page and the island over it.
function M.recipe(s, islandOptions)
  local page = s:page{ sections = M.sections }
  local o = { page = page }
  for k, v in pairs(islandOptions or {}) do o[k] = v end
  local island = s:scrollIsland(o)
  s:frames(1)
  return page, island
end

--- `n` plain sections `height` points tall, "Part 1" … "Part n".
function M.plain(n, height)
  local list = {}
  for i = 1, n do list[i] = { id = "p" .. i, title = "Part " .. i, height = height or 300 } end
  return list
end

--- Events of `kind` the island emitted in frames from time `from` on: a series of event tables.
function M.events(s, kind, from)
  return s:events{ kind = kind, piece = "scrollIsland", from = from or 0 }
end

return M
