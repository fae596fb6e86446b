import Foundation
import Testing

/// `piecebox film --piece NAME`: the picture is the room the piece takes, so a 44-point button is not a speck.
@Suite struct FilmPieceZoomTests {
    @Test func aFilmZoomsToOnePiecesRoom() throws {
        let folder = try TestFolder()
        try folder.write("piecebox.lua", "return {}\n")
        try folder.write("tools.lua", """
            test("open", function()
              local s = Stage{}
              s:tools{ expanded = true }
              s:frames(2)
            end)
            """)
        let made = try piecebox(["film", "tools.lua", "--piece", "tools", "--out", "tools.svg"], in: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        let svg = folder.read("tools.svg") ?? ""
        // The Tools stand 16 in from the safe area's top (59) and leading (0) edges: the pencil at (16, 75), the
        // eraser 16 after it at (76, 75), both 44 square. Their room is x 16…120, y 75…119; with 16 around it,
        // x 0…136 and y 59…135: a picture 136 × 76 whose screen has no rounded corners.
        #expect(svg.contains("<clipPath id=\"screen\"><rect x=\"0\" y=\"0\" width=\"136\" height=\"76\" rx=\"0\"/>"), "\(svg.prefix(600))")
        // The pencil, moved by the room's corner (0, 59): (16, 16).
        #expect(svg.contains("<rect x=\"16\" y=\"16\" width=\"44\" height=\"44\" rx=\"22\""), "\(svg.prefix(2000))")
        // The eraser: (76 − 0, 75 − 59).
        #expect(svg.contains("<rect x=\"76\" y=\"16\" width=\"44\" height=\"44\" rx=\"22\""))

        let none = try piecebox(["film", "tools.lua", "--piece", "nope", "--out", "x.svg"], in: folder.path)
        #expect(none.status == 1)
        #expect(none.stderr.contains("--piece: \"nope\" draws nothing in tools.lua (pieces drawn there: \"tools\")"), "\(none.stderr)")
    }
}
