# lists
list-need-name = Which list?
list-which =
    Add to which list?
    { $options }
list-exists = You already have a list called { $list }.
list-created = Created the list "{ $list }".
list-need-items = What should I add to { $list }?
list-already-there = That's already on your { $list } list.
list-added = Added { $items } to your { $list } list. 🛒
list-created-added = You didn't have a { $list } list, so I created one and added { $items }.
list-added-clause = added { $items } to your { $list } list
list-created-added-clause = created a { $list } list with { $items }
list-not-found-none = You don't have a list called { $list } (you have no lists yet).
list-not-found = You don't have a list called { $list }. Your lists: { $lists }.
list-item-not-found = I couldn't find that on your { $list } list.
list-remove-confirm = Remove { $count } items ({ $items }) from { $list }?
list-gone = That list is no longer there.
list-removed = Removed { $items } from your { $list } list.
list-checked = Checked off { $items } on your { $list } list. ✓
list-empty = Your { $list } list is empty.
list-show =
    { $list } ({ $count }):
    { $lines }
lists-none = You don't have any lists yet. Try "add milk to my shopping list".
lists-all =
    Your lists ({ $count }):
    { $lines }
list-delete-confirm = { $count ->
    [0] Delete the list "{ $list }"?
    [one] Delete the list "{ $list }" and its one item?
   *[other] Delete the list "{ $list }" and its { $count } items?
  }
list-deleted = Deleted the list "{ $list }".
list-rename-need-name = What should the new name be?
list-renamed = Renamed "{ $old }" to "{ $list }".
list-default-name = shopping
