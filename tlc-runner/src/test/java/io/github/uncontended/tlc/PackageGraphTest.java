package io.github.uncontended.tlc;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.github.uncontended.tlc.manifest.BackArrowFixture;
import org.junit.jupiter.api.Test;

/**
 * The runner's package graph, as docs/runner.md#packages states it: the entry point on top, one
 * package per tool under it, the engine that runs TLC below those, the manifest model below the
 * engine, small helpers at the bottom. No arrow from a lower package back up, no loop.
 */
class PackageGraphTest {

    private static final String ROOT = "io.github.uncontended.tlc";

    /** Who may use each package; anything else is an arrow the graph does not have. */
    static final ArchRule LAYERS = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .layer("entry").definedBy(ROOT)
            .layer("check").definedBy(ROOT + ".check..")
            .layer("report").definedBy(ROOT + ".report..")
            .layer("trace").definedBy(ROOT + ".trace..")
            .layer("modes").definedBy(ROOT + ".modes..")
            .layer("docs").definedBy(ROOT + ".docs..")
            .layer("scale").definedBy(ROOT + ".scale..")
            .layer("jcstress").definedBy(ROOT + ".jcstress..")
            .layer("engine").definedBy(ROOT + ".engine..")
            .layer("manifest").definedBy(ROOT + ".manifest..")
            .layer("util").definedBy(ROOT + ".util..")
            .whereLayer("entry").mayNotBeAccessedByAnyLayer()
            .whereLayer("check").mayOnlyBeAccessedByLayers("entry")
            .whereLayer("report").mayOnlyBeAccessedByLayers("entry", "check")
            .whereLayer("trace").mayOnlyBeAccessedByLayers("entry")
            .whereLayer("modes").mayOnlyBeAccessedByLayers("entry")
            .whereLayer("docs").mayOnlyBeAccessedByLayers("entry")
            .whereLayer("scale").mayOnlyBeAccessedByLayers("entry")
            .whereLayer("jcstress").mayOnlyBeAccessedByLayers("entry", "report")
            .whereLayer("engine").mayOnlyBeAccessedByLayers("entry", "check", "report", "trace", "scale")
            .whereLayer("manifest").mayOnlyBeAccessedByLayers("entry", "check", "report", "trace", "modes", "docs",
                    "scale", "engine")
            .whereLayer("util").mayOnlyBeAccessedByLayers("entry", "check", "report", "trace", "modes", "docs", "scale",
                    "jcstress", "engine", "manifest");

    static final ArchRule NO_LOOPS = slices().matching(ROOT + ".(*)..").should().beFreeOfCycles();

    private static JavaClasses runner() {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(ROOT);
    }

    @Test
    void packagesFollowTheGraph() {
        LAYERS.check(runner());
    }

    @Test
    void packagesHaveNoLoop() {
        NO_LOOPS.check(runner());
    }

    /** The broken variant: one class of the manifest package that uses the check package. */
    @Test
    void anArrowBackUpFailsNamingIt() {
        JavaClasses withBackArrow = new ClassFileImporter().importPackages(ROOT);
        assertTrue(withBackArrow.contain(BackArrowFixture.class));
        AssertionError layers = assertThrows(AssertionError.class, () -> LAYERS.check(withBackArrow));
        assertTrue(layers.getMessage().contains(BackArrowFixture.class.getName()), layers.getMessage());
        AssertionError loops = assertThrows(AssertionError.class, () -> NO_LOOPS.check(withBackArrow));
        assertTrue(loops.getMessage().contains("Cycle detected"), loops.getMessage());
    }
}
