package io.github.uncontended.sequencer;

/** The instances the sequencer's jcstress tests run on: small, so every state is cheap. */
final class Sequencers {
    static final int BUFFER = 8;
    static final int PENDING = 2;

    private Sequencers() {}

    static AbstractSequencer pendingList() {
        return new PendingListSequencer(BUFFER, PENDING);
    }
}
