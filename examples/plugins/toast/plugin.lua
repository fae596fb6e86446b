-- A toast banner that drops in under the status bar and leaves when swiped up or dismissed by VoiceOver:
-- a whole interactive piece added to every stage, without recompiling PieceBox.
local banner = require("banner")

return {
  description = "s:toast{ text } and the matcher toBeOnScreen",
  methods = {
    stage = {
      -- s:toast{ text = "Saved" }: the piece, already on its way in.
      toast = function(s, options)
        return banner.show(s, options or {})
      end,
    },
  },
  matchers = {
    -- expect(frame.toast.banner).toBeOnScreen(stageHeight): any part of the rect inside 0...height.
    toBeOnScreen = function(rect, height)
      local visible = rect ~= nil and rect.y + rect.h > 0 and rect.y < height
      return visible, "be on screen", "a rect overlapping 0..." .. tostring(height)
    end,
  },
}
