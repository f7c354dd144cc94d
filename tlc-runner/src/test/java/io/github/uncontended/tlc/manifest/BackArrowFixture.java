package io.github.uncontended.tlc.manifest;

import io.github.uncontended.tlc.check.ModelCheck;

/** PackageGraphTest's broken variant: the manifest package reaching up to the check package. */
public final class BackArrowFixture {

    private BackArrowFixture() {}

    static int checkFromBelow() {
        return ModelCheck.run(new String[] {"--version"}, System.out, System.err);
    }
}
