package io.github.uncontended.tlc.docs;

import io.github.uncontended.tlc.manifest.ManifestLoader;
import io.github.uncontended.tlc.manifest.Model;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Exercises that cannot be answered by looking. The design exercises of the learning page name
 * their broken siblings neutrally ({@code Ex01}); only the answers page says which model each one
 * is and which property it violates, in its headings: {@code ## 1. `Ex01` (`SeqRacyClaim`): ...}.
 * This check fails when
 * <ul>
 * <li>the learning page's exercises section (from its {@code ## Exercises} heading to the next
 * {@code ## } heading, subsections included) names an exercise's model or the property it
 * violates: the page would show its answer;</li>
 * <li>an exercise of the answers page has no model {@code ExNN} in the manifests, or that model no
 * longer mirrors the model it stands for (same spec, config, constants, expectation, deadlock
 * checking and pinned counts): the exercise would teach something the checked model no longer is;</li>
 * <li>the learning page lists an exercise the answers page does not answer.</li>
 * </ul>
 */
final class ExercisesCheck {

    static final Pattern ANSWER = Pattern.compile("^## (\\d+)\\. `(Ex\\d\\d)` \\(`([A-Za-z0-9_-]+)`\\)");
    static final Pattern LISTED = Pattern.compile("`(Ex\\d\\d)`");
    static final String SECTION = "## Exercises";

    private ExercisesCheck() {}

    /** One exercise as the answers page gives it: the neutral name and the model it stands for. */
    record Exercise(String name, String model) {}

    /** Checks the pages against the manifests under {@code specs}; returns the number of exercises checked. */
    static int check(Path learn, Path answers, Path specs, List<String> problems) throws IOException {
        Map<String, Exercise> exercises = new LinkedHashMap<>();
        for (String line : Files.readAllLines(answers)) {
            Matcher m = ANSWER.matcher(line);
            if (m.find()) {
                exercises.put(m.group(2), new Exercise(m.group(2), m.group(3)));
            }
        }
        if (exercises.isEmpty()) {
            problems.add(answers + ": no exercise heading of the form \"## 1. `Ex01` (`Model`): ...\"");
            return 0;
        }
        ManifestLoader.Loaded loaded = new ManifestLoader(specs).load();
        Map<String, Model> models = new LinkedHashMap<>();
        loaded.models().forEach(m -> models.put(m.name(), m));
        String section = section(Files.readString(learn));
        if (section == null) {
            problems.add(learn + ": no \"" + SECTION + "\" section");
            return 0;
        }
        Matcher listed = LISTED.matcher(section);
        while (listed.find()) {
            if (!exercises.containsKey(listed.group(1))) {
                problems.add(learn + ": exercise " + listed.group(1) + " has no answer in " + answers);
            }
        }
        for (Exercise e : exercises.values()) {
            Model neutral = models.get(e.name());
            Model real = models.get(e.model());
            if (neutral == null || real == null) {
                problems.add(answers + ": exercise " + e.name() + ": no model " + (neutral == null ? e.name() : e.model())
                        + " in the manifests under " + specs);
                continue;
            }
            String differs = differs(neutral, real);
            if (differs != null) {
                problems.add(answers + ": exercise " + e.name() + " no longer mirrors " + e.model() + ": " + differs);
            }
            for (String answer : new String[] {e.model(), real.expectedProperty()}) {
                if (answer != null && Pattern.compile("\\b" + Pattern.quote(answer) + "\\b").matcher(section).find()) {
                    problems.add(learn + ": the exercises show exercise " + e.name() + "'s answer: " + answer
                            + " (name it only in " + answers + ")");
                }
            }
        }
        return exercises.size();
    }

    /** The exercises section of the learning page, or null. */
    static String section(String page) {
        int start = page.indexOf("\n" + SECTION + "\n");
        if (start < 0) {
            return null;
        }
        int end = page.indexOf("\n## ", start + SECTION.length() + 1);
        return end < 0 ? page.substring(start) : page.substring(start, end);
    }

    /** What makes {@code neutral} check something else than {@code real}, or null when it mirrors it. */
    static String differs(Model neutral, Model real) {
        if (!neutral.specPath().normalize().equals(real.specPath().normalize())) {
            return "spec " + neutral.spec() + " is not " + real.spec();
        }
        if (!neutral.configPath().normalize().equals(real.configPath().normalize())) {
            return "config " + neutral.config() + " is not " + real.config();
        }
        if (!neutral.constants().equals(real.constants())) {
            return "constants " + neutral.constants() + " are not " + real.constants();
        }
        if (!neutral.expectation().equals(real.expectation())) {
            return "expects " + neutral.expectation() + ", not " + real.expectation();
        }
        if (neutral.checkDeadlock() != real.checkDeadlock()) {
            return "deadlock checking differs";
        }
        if (!Objects.equals(neutral.pinned(), real.pinned())) {
            return "pins " + neutral.pinned() + ", not " + real.pinned();
        }
        return null;
    }
}
