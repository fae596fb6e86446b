-- ui.layout: a view tree laid out on a screen without a stage, its rects by id. Each expected rect is worked out
-- by hand from SwiftUI's rules beside it. A screen with no safe area is 400 x 800 unless a test says otherwise.

local SCREEN = { width = 400, height = 800, safeArea = {} }

test("a VStack centres its children and spaces them", function()
  -- 100 x 50 over 60 x 30, 10 apart: the stack is 100 wide and 50 + 10 + 30 = 90 high, centred on the screen at
  -- x = (400 - 100) / 2 = 150, y = (800 - 90) / 2 = 355; b centred across it: 150 + (100 - 60) / 2 = 170.
  local r = ui.layout(ui.VStack{ spacing = 10,
    ui.Rectangle():frame{ width = 100, height = 50 }:id("a"),
    ui.Rectangle():frame{ width = 60, height = 30 }:id("b") }, SCREEN)
  expect(r.a).toEqual({ x = 150, y = 355, w = 100, h = 50 })
  expect(r.b).toEqual({ x = 170, y = 415, w = 60, h = 30 })
end)

test("an id before an offset is the moved view; after it, the slot", function()
  -- A 40 x 40 frame centred: (400 - 40) / 2 = 180, (800 - 40) / 2 = 380; drawn 20 points along.
  local r = ui.layout(ui.Rectangle():frame{ width = 40, height = 40 }:id("moved"):offset{ x = 20 }:id("slot"), SCREEN)
  expect(r.moved).toEqual({ x = 200, y = 380, w = 40, h = 40 })
  expect(r.slot).toEqual({ x = 180, y = 380, w = 40, h = 40 })
end)

test("padding with no amount is the system's 16 points", function()
  -- 10 + 2 x 16 = 42 square, centred: (400 - 42) / 2 = 179, (800 - 42) / 2 = 379.
  local r = ui.layout(ui.Color("red"):frame{ width = 10, height = 10 }:padding():id("p"), SCREEN)
  expect(r.p).toEqual({ x = 179, y = 379, w = 42, h = 42 })
end)

test("a Spacer pushes its neighbours to the edges of a full-width HStack", function()
  -- maxWidth = math.huge takes the 400 offered; the HStack, given 400, puts l at 0 and r at 400 - 30 = 370; it is
  -- as high as its children, 20, centred: (800 - 20) / 2 = 390.
  local r = ui.layout(ui.HStack{ spacing = 0,
    ui.Rectangle():frame{ width = 50, height = 20 }:id("l"),
    ui.Spacer(),
    ui.Rectangle():frame{ width = 30, height = 20 }:id("r") }:frame{ maxWidth = math.huge }, SCREEN)
  expect(r.l).toEqual({ x = 0, y = 390, w = 50, h = 20 })
  expect(r.r).toEqual({ x = 370, y = 390, w = 30, h = 20 })
end)

test("a colour fills the safe area, or the screen when it ignores it", function()
  -- The default screen: 393 x 852, safe area 59 on top and 34 below: 852 - 59 - 34 = 759 high from y = 59.
  expect(ui.layout(ui.Color("blue"):id("fill")).fill).toEqual({ x = 0, y = 59, w = 393, h = 759 })
  -- The id inside the modifier names the grown colour; one outside it would name its slot, the safe area.
  expect(ui.layout(ui.Color("blue"):id("fill"):ignoresSafeArea()).fill).toEqual({ x = 0, y = 0, w = 393, h = 852 })
  expect(ui.layout(ui.Color("blue"):ignoresSafeArea():id("slot")).slot).toEqual({ x = 0, y = 59, w = 393, h = 759 })
end)

test("a ZStack aligns its children by its alignment", function()
  -- 100 x 100 centred at (150, 350); the small one at the stack's top leading corner.
  local r = ui.layout(ui.ZStack{ alignment = "topLeading",
    ui.Rectangle():frame{ width = 100, height = 100 }:id("big"),
    ui.Rectangle():frame{ width = 20, height = 20 }:id("small") }, SCREEN)
  expect(r.big).toEqual({ x = 150, y = 350, w = 100, h = 100 })
  expect(r.small).toEqual({ x = 150, y = 350, w = 20, h = 20 })
end)

test("a background is sized by its view and aligned in it", function()
  -- The 100 x 50 frame centred at (150, 375); a 10 x 10 dot at its bottom trailing corner: (240, 415).
  local r = ui.layout(ui.Rectangle():frame{ width = 100, height = 50 }:id("card")
    :background(ui.Circle():frame{ width = 10, height = 10 }:id("dot"), "bottomTrailing"), SCREEN)
  expect(r.card).toEqual({ x = 150, y = 375, w = 100, h = 50 })
  expect(r.dot).toEqual({ x = 240, y = 415, w = 10, h = 10 })
end)

test("only views given an id are answered", function()
  local r = ui.layout(ui.VStack{ ui.Text("no id"), ui.Text("named"):id("named") })
  local ids = {}
  for id in pairs(r) do ids[#ids + 1] = id end
  expect(ids).toEqual({ "named" })
end)

test("a frame's maximum below its minimum is refused at the line, naming the view and the modifier", function()
  expect(function() return ui.Rectangle():frame{ minWidth = 20, maxWidth = 10 } end)
    .toThrow("Rectangle:frame: maxWidth must be at least minWidth, got 10 < 20")
end)

test("a line limit that reserves space keeps a short title two lines tall", function()
  -- lineLimit(2, true) is SwiftUI's lineLimit(2, reservesSpace: true): the title takes two lines whether it needs
  -- one or two, so cards with short and long titles line up. A line of 17 pt body text is
  -- ceil(17 x (1950 + 494) / 2048 x 3) / 3 = 61/3 points tall on a 3x screen, so two are 122/3.
  local r = ui.layout(ui.VStack{
    ui.Text("Short"):lineLimit(2, true):id("short"),
    ui.Text("Two\nlines"):lineLimit(2, true):id("long"),
    ui.Text("Short"):lineLimit(2):id("plain") }, SCREEN)
  expect(r.short.h).toBeCloseTo(122 / 3, 1e-9)
  expect(r.long.h).toBeCloseTo(122 / 3, 1e-9)
  expect(r.plain.h).toBeCloseTo(61 / 3, 1e-9)
end)
