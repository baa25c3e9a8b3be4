// Import kinds, attributed imports and top-level code.
import struct Foundation.URL
import class Foundation.Bundle
import enum Foundation.ComparisonResult
import protocol Foundation.NSCopying
import func Foundation.exp
import var Foundation.NSNotFound
import typealias Foundation.TimeInterval
@preconcurrency import Dispatch
@_implementationOnly import Foundation
@testable import struct XCTest.XCTestExpectation

let globalCount = 1
var globalHandlers: [() -> Void] = []

struct Endpoint {
  var url: URL
  var timeout: TimeInterval = 60
  var bundle: Bundle = .main
}

typealias Handler = (Endpoint) -> Void

func run() {
  struct LocalOnly { var ignored: Int }
  _ = LocalOnly(ignored: 1)
}
