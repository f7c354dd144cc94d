package io.github.uncontended.sharded;

/** The instances and encodings the element-flag buffer's jcstress tests share. */
public final class ElementFlagBuffers {
    /**
     * Slots per shard: 4, more than the two items a test offers, so no slot is reused within a
     * test: an item a broken consumer moved past cannot come back a lap later and hide the loss.
     */
    public static final int SLOTS = 4;

    private ElementFlagBuffers() {}

    /** An item whose id its producer writes with a plain store before offering it. */
    public static final class Item {
        public int id;
    }

    /** A new item with {@code id} (1 or 2) written into it by a plain store. */
    public static Item item(int id) {
        Item i = new Item();
        i.id = id;
        return i;
    }

    /** 0 nothing, -1 an item seen without its id (its plain write not published), else its id. */
    public static int code(Item i) {
        return i == null ? 0 : i.id == 0 ? -1 : i.id;
    }

    /** One shard, one item per shard visit. */
    public static ElementFlagShardedBuffer<Item> oneShard() {
        return new ElementFlagShardedBuffer<>(1, SLOTS, 1, () -> 0);
    }
}
