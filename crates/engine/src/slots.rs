//! Slab storage of live orders: the id index and each owner's intrusive list.

use crate::book::{Book, OwnerList};
use crate::order::{OpenOrder, Slot, NIL};

impl Book {
    /// Stores a live order (not yet in a level or stop map) and returns its slot.
    pub(crate) fn register(&mut self, o: OpenOrder) -> u32 {
        let slot = Slot { o, prev: NIL, next: NIL, owner_prev: NIL, owner_next: NIL, live: true };
        let idx = match self.free.pop() {
            Some(idx) => {
                debug_assert!(!self.slots[idx as usize].live);
                self.slots[idx as usize] = slot;
                idx
            }
            None => {
                self.slots.push(slot);
                u32::try_from(self.slots.len() - 1).expect("slot index fits u32")
            }
        };
        let previous = self.index.insert(o.id, idx);
        assert!(previous.is_none(), "order id registered twice");
        let list = self.owners.entry(o.owner).or_insert(OwnerList { head: NIL, tail: NIL, count: 0 });
        let tail = list.tail;
        list.tail = idx;
        if tail == NIL {
            list.head = idx;
        }
        list.count += 1;
        self.slots[idx as usize].owner_prev = tail;
        if tail != NIL {
            self.slots[tail as usize].owner_next = idx;
        }
        idx
    }

    /// Forgets a live order that is already out of its level or stop map; returns it.
    pub(crate) fn unregister(&mut self, idx: u32) -> OpenOrder {
        let slot = self.slots[idx as usize];
        assert!(slot.live, "unregister of a free slot");
        debug_assert!(slot.prev == NIL && slot.next == NIL, "unregister of a linked slot");
        self.index.remove(&slot.o.id);
        let list = self.owners.get_mut(&slot.o.owner).expect("owner list of a live order");
        if slot.owner_prev == NIL {
            list.head = slot.owner_next;
        } else {
            self.slots[slot.owner_prev as usize].owner_next = slot.owner_next;
        }
        if slot.owner_next == NIL {
            list.tail = slot.owner_prev;
        } else {
            self.slots[slot.owner_next as usize].owner_prev = slot.owner_prev;
        }
        list.count -= 1;
        if list.count == 0 {
            // Dropping empty owners keeps the map bounded by live orders, not by every owner ever seen.
            self.owners.remove(&slot.o.owner);
        }
        self.slots[idx as usize].live = false;
        self.free.push(idx);
        slot.o
    }

    /// Slots of an owner's live orders, oldest registration first.
    pub(crate) fn owner_slots(&self, owner: crate::types::OwnerId, into: &mut Vec<u32>) {
        into.clear();
        let mut cur = self.owners.get(&owner).map_or(NIL, |l| l.head);
        while cur != NIL {
            into.push(cur);
            cur = self.slots[cur as usize].owner_next;
        }
    }
}
