-- The PieceBox project file: its folder is the project root, so goldens are named after a scenario's path from
-- here however the path was typed (see docs/guides/goldens-and-pictures.md, "Golden logs"). A folder run never takes it for a scenario.
return {}
