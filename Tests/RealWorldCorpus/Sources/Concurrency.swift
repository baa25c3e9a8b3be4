// async/await, actors, tasks held in properties, Sendable closures, isolation.
import Foundation

actor ImageCache {
  private var images: [URL: Data] = [:]
  private var inFlight: [URL: Task<Data, any Error>] = [:]
  nonisolated let name: String

  init(name: String) { self.name = name }

  func image(at url: URL) async throws -> Data {
    if let cached = images[url] { return cached }
    let task = Task<Data, any Error> {
      let (data, _) = try await URLSession.shared.data(from: url)
      return data
    }
    inFlight[url] = task
    return try await task.value
  }
}

@MainActor
struct Poller: Sendable {
  var interval: Duration = .seconds(5)
  var task: Task<Void, Never>? = nil
  let handler: @Sendable () async -> Void
  let stream = AsyncStream<Int>.makeStream(of: Int.self)
  var continuation: AsyncThrowingStream<Event, any Error>.Continuation?
  var pending = Set<Task<Void, Never>>()

  mutating func start() {
    task = Task { [handler, interval] in
      while !Task.isCancelled {
        await handler()
        try? await Task.sleep(for: interval)
      }
    }
  }
}

struct Downloader {
  let session: URLSession
  var progress: (@Sendable (Double) -> Void)?
  var retries = 3, timeout: TimeInterval = 30

  func fetch(_ urls: [URL]) async throws -> [Data] {
    try await withThrowingTaskGroup(of: Data.self) { group in
      for url in urls {
        group.addTask { try await session.data(from: url).0 }
      }
      var result: [Data] = []
      for try await data in group { result.append(data) }
      return result
    }
  }
}

distributed actor Player {
  typealias ActorSystem = LocalTestingDistributedActorSystem
  distributed func play() {}
}
