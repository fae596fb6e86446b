-- piecebox:framework: expect, series and expectExtend as scripts see them, in every scenario's state from its
-- start (HostTable.swift runs it). Each forwards, by a tail call, to the test framework (expect.lua), which is
-- loaded the first time one is called: most files that never call one never pay for it. A tail call leaves no
-- frame of its own, so an error's level, its message and the script's traceback are as if the script had called
-- the framework's function itself.
local host = ...
local loadFramework = host.loadFramework
-- The libraries the framework uses, captured now, before the script's first line, as it always captured them.
local captured = table.pack(host, type, error, tostring, pairs, ipairs, select, host.own.setmetatable, rawequal, pcall,
  math.abs, math.huge, math.floor, table.sort, table.concat, string.format)
local unpack = table.unpack
local framework
local function loaded()
  if framework == nil then framework = loadFramework()(unpack(captured, 1, captured.n)) end
  return framework
end
function series(...) return loaded().series(...) end
function expect(...) return loaded().expect(...) end
function expectExtend(...) return loaded().expectExtend(...) end
-- The host builds frame series with this constructor even if a script reuses the global name.
host.series = series
