import PieceKit
