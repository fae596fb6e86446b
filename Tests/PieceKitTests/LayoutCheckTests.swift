import Testing
@testable import PieceKit

/// `LayoutCheck` names the modifier and the argument of every bad value.
@Suite struct LayoutCheckTests {
    @Test func aFrameWhoseMaximumIsBelowItsMinimumIsNamed() {
        #expect(LayoutCheck.check(.flexibleFrame(FlexibleFrame(minWidth: 20, maxWidth: 10)))
                == "frame: maxWidth must be at least minWidth, got 10 < 20")
        #expect(LayoutCheck.check(.flexibleFrame(FlexibleFrame(minHeight: 5, idealHeight: 3)))
                == "frame: idealHeight must be at least minHeight, got 3 < 5")
        #expect(LayoutCheck.check(.flexibleFrame(FlexibleFrame(idealWidth: 50, maxWidth: 40)))
                == "frame: maxWidth must be at least idealWidth, got 40 < 50")
        #expect(LayoutCheck.check(.flexibleFrame(FlexibleFrame(minWidth: 0, maxWidth: .infinity))) == nil)
    }

    @Test func negativeAndNonFiniteLengthsAreNamed() {
        #expect(LayoutCheck.check(.frame(width: -5, height: nil, alignment: .center))
                == "frame: width must be a finite number at least 0, got -5")
        #expect(LayoutCheck.check(.frame(width: nil, height: .nan, alignment: .center))
                == "frame: height must be a finite number at least 0, got nan")
        #expect(LayoutCheck.check(.flexibleFrame(FlexibleFrame(minWidth: .infinity)))
                == "frame: minWidth must be a finite number at least 0, got inf")
        #expect(LayoutCheck.check(.padding(EdgeInsets(top: .nan)))
                == "padding: top must be a finite number, got nan")
        #expect(LayoutCheck.check(.padding(EdgeInsets(top: -4))) == nil)
        #expect(LayoutCheck.check(.safeAreaPadding(EdgeInsets(bottom: -1)))
                == "safeAreaPadding: bottom must be at least 0, got -1")
        #expect(LayoutCheck.check(.offset(x: .infinity, y: 0)) == "offset: x must be a finite number, got inf")
    }

    @Test func limitsRatiosAndOpacitiesAreNamed() {
        #expect(LayoutCheck.check(.lineLimit(0)) == "lineLimit: must be at least 1, got 0")
        #expect(LayoutCheck.check(.lineLimit(nil)) == nil)
        #expect(LayoutCheck.check(.aspectRatio(0, .fit)) == "aspectRatio: ratio must be a finite number above 0, got 0")
        #expect(LayoutCheck.check(.aspectRatio(nil, .fill)) == nil)
        #expect(LayoutCheck.check(.opacity(1.5)) == "opacity: must be between 0 and 1, got 1.5")
        #expect(LayoutCheck.check(.font(LayoutFont(.fixed(0)))) == "font: size must be a finite number above 0, got 0")
        #expect(LayoutCheck.check(.id("")) == "id: name must not be empty")
    }

    @Test func viewsArgumentsAreNamed() {
        #expect(LayoutCheck.check(.spacer(minLength: -1))
                == "Spacer: minLength must be a finite number at least 0, got -1")
        #expect(LayoutCheck.check(.hStack(alignment: .center, spacing: .nan, children: []))
                == "HStack: spacing must be a finite number, got nan")
        #expect(LayoutCheck.check(.vStack(alignment: .center, spacing: -4, children: [])) == nil)
        #expect(LayoutCheck.check(.shape(.roundedRectangle(cornerRadius: -2)))
                == "RoundedRectangle: cornerRadius must be a finite number at least 0, got -2")
        #expect(LayoutCheck.check(.image(systemName: "")) == "Image: systemName must not be empty")
    }

    @Test func aTreeIsCheckedThroughItsChildrenAndContents() {
        let bad = LayoutView.vStack([fill.overlay(fill.frame(width: -1))])
        #expect(LayoutCheck.check(tree: bad) == "frame: width must be a finite number at least 0, got -1")
        #expect(LayoutCheck.check(tree: LayoutView.vStack([fill.padding()])) == nil)
    }

    @Test func uncheckedBadNumbersLayOutWithoutATrap() {
        let view = LayoutView.vStack(spacing: .nan, [
            fill.frame(width: -5, height: .nan).frame(minWidth: 30, maxWidth: 10).id("a"),
            LayoutView.text("x").lineLimit(0).frame(height: .infinity).aspectRatio(-1, contentMode: .fit).id("b"),
            LayoutView.spacer(minLength: -3).padding(.nan).offset(x: .infinity).opacity(.nan),
        ])
        let r = laidOut(view)
        #expect(r.views.count == 2)
        #expect(r.views.allSatisfy { $0.frame.x.isFinite && $0.frame.width.isFinite })
    }

    @Test func aTreeNestedBeyondTheLimitIsReportedAndLaidOutAsNothingBelowIt() {
        var view = fill.id("deep")
        for _ in 0..<LayoutConstants.maxDepth { view = LayoutView.vStack([view]) }
        #expect(LayoutCheck.check(tree: view)?.contains("nests deeper") == true)
        #expect(laidOut(view)["deep"] == nil)
    }
}
