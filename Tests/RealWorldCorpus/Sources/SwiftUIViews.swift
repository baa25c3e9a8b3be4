// Shapes of SwiftUI app code: property wrappers, view builders, modifier chains, closures
// closing to the left, `#Preview`.
import SwiftUI
import struct Foundation.Date
import class Foundation.NumberFormatter

struct ContentView: View {
    @State private var query = ""
    @State private var isPresented: Bool = false
    @Binding var selection: Item.ID?
    @Environment(\.dismiss) private var dismiss
    @Environment(\.colorScheme) var colorScheme: ColorScheme
    @EnvironmentObject var store: Store
    @ObservedObject var model: ViewModel
    @StateObject private var loader = Loader<Item, Never>()
    @FocusState private var focused: Field?
    @AppStorage("sort") private var sort: SortOrder = .name
    @Namespace private var animation
    let items: [Item]
    var onSelect: (Item) -> Void = { _ in }

    var body: some View {
        NavigationStack {
            List(items, selection: $selection) { item in
                Row(item: item)
                    .swipeActions {
                        Button("Delete", role: .destructive) {
                            model.delete(item)
                        }
                    }
            }
            .searchable(text: $query)
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button {
                        isPresented = true
                    } label: {
                        Label("Add", systemImage: "plus")
                    }
                }
            }
            .sheet(isPresented: $isPresented, onDismiss: {
                model.reload()
    }, content: {
                EditView(item: nil)
            })
        }
        .task { await model.load() }
        .onChange(of: query) { old, new in
            model.filter(new)
        }
    }

    @ViewBuilder
    private func badge(for item: Item) -> some View {
        if item.count > 0 {
            Text("\(item.count)")
                .font(.caption.monospacedDigit())
        } else {
            EmptyView()
        }
    }
}

struct Row: View {
    let item: Item
    var formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        return formatter
    }()
    var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: 8) { Text(item.title); Spacer() }
    }
}

private struct Card<Content: View>: View {
    var title: LocalizedStringKey
    @ViewBuilder var content: () -> Content
    var body: some View {
        VStack(alignment: .leading) {
            Text(title).font(.headline)
            content()
        }
        .padding()
        #if os(iOS)
        .background(Color(uiColor: .secondarySystemBackground))
        #else
        .background(Color.gray.opacity(0.1))
        #endif
    }
}

#Preview("Dark") {
    ContentView(selection: .constant(nil), model: ViewModel(), items: [])
        .preferredColorScheme(.dark)
}
