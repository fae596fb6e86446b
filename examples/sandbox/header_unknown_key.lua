--! expect-error: header_unknown_key.lua:3: --! plugin: unknown header key; did you mean 'plugins'?
-- A misspelt header key would leave the file without what it asked for (here its plugin), so it is refused.
--! plugin: ../plugins/toast
test("never runs: the header stops the file first", function()
  error("the file ran despite its misspelt header key")
end)
