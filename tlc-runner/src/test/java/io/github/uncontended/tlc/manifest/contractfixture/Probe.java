package io.github.uncontended.tlc.manifest.contractfixture;

/** ContractsTest's second public class of the package: listed under internal, or the loader says it is neither. */
public interface Probe {
    long read();
}
