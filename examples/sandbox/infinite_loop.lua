--! expect-error: instruction limit of 1000000 exceeded
--! max-instructions: 1000000
-- An endless loop is stopped by the instruction budget, even when pcall tries to swallow the stop.
test("loops forever", function()
  while true do pcall(function() while true do end end) end
end)
