import QuarryGen
import QuarryTestSupport
import XCTest

/// The diagnostics of owned properties: one source each, and the full rendered text.
final class OwnedDiagnosticsTests: XCTestCase {
  func testOwnedPropertiesOfTheWrongShapeCyclesAndKeyClashes() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Shelf {
        var id: Int
        // quarry: owned
        var labels: [String]
        // quarry: owned
        var box: Box
        // quarry: owned
        let lids: [Lid]
        // quarry: owned
        var nodes: [Node]
      }

      struct Box { var size: Int }
      struct Lid { var color: String }
      struct Node {
        var name: String
        // quarry: owned
        var leaves: [Leaf]
      }
      struct Leaf {
        // quarry: owned
        var node: Node?
        var position: Int
      }
      """,
      """
      Models/M.swift:5:7: error: owned property 'labels' has type '[String]'; 'owned' needs a \
      struct found in the sources, as '[Child]', 'Child?' or 'Child'
        var labels: [String]
            ^
      Models/M.swift:7:7: error: owned property 'box' of type 'Box' needs a default value, used \
      until its row is loaded; or declare it as 'Box?'
        var box: Box
            ^
      Models/M.swift:9:7: error: owned property 'lids' is a 'let'; declare it with 'var', as \
      loading assigns the children after the row is read
        let lids: [Lid]
            ^
      Models/M.swift:23:7: error: owned property 'node' makes a cycle of owned types (Node -> \
      Leaf -> Node); a child cannot own its ancestors: store a key with 'references' instead
        var node: Node?
            ^
      Models/M.swift:24:7: error: column 'position' clashes with a key column of the child table \
      'shelf_nodes_leaves'; rename it with column = "…"
        var position: Int
            ^

      """)
  }

  func testOwnedPersistedStructAndKeysThatDoNotApplyToChildren() {
    assertModelDiagnostics(
      """
      // quarry: persist
      struct Author {
        var id: Int
        // quarry: owned
        var agent: Agent?
      }

      // quarry: persist
      struct Agent {
        var id: Int
      }

      // quarry: persist
      struct Shop {
        var id: Int
        // quarry: owned
        var shelves: [Shelf]
      }

      // quarry: index = [width]
      struct Shelf {
        // quarry: unique
        var width: Int
      }
      """,
      """
      Models/M.swift:5:7: error: owned property 'agent' holds 'Agent', which is persisted with its \
      own key; store its key with 'references = Agent', or drop 'persist' from 'Agent'
        var agent: Agent?
            ^
      Models/M.swift:20:12: error: owned child struct 'Shelf' cannot use 'index'; only 'table', \
      'renamedFrom' and 'dropped' apply to it
      // quarry: index = [width]
                 ^
      Models/M.swift:23:7: error: property 'width' of an owned child cannot use 'unique': child \
      rows are keyed by their owner
        var width: Int
            ^

      """)
  }
}
