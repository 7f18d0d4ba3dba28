package org.gantry.job;

import java.util.List;
import java.util.Optional;

/**
 * Shared job templates as the job views use them: open one in the editor, record that a job
 * came from it, say where a job came from, save a job as one. The marketplace implements it;
 * the job feature owns the interface so that its views need not depend on that feature.
 * Every method acts as the signed-in caller and sees only what the caller may see.
 */
public interface SharedTemplates {

    /** The document of template {@code item} at {@code version} (the published one when empty). */
    Optional<Template> open(String item, Optional<Integer> version);

    /** Records that the caller's job {@code jobName} was submitted from {@code item} at {@code version}. */
    void recordUse(String item, int version, String owner, String jobName);

    /** The template version a job came from, and the newest one, when the caller may see it. */
    Optional<Origin> origin(String owner, String jobName);

    /**
     * Saves the caller's own job as a new private template named {@code itemName}, its secrets
     * taken out; returns the item's name.
     *
     * @throws RuntimeException with a message for the user when that is not possible
     */
    String saveAsTemplate(String owner, String jobName, String itemName);

    /** A template version's document. */
    record Template(String item, int version, String yaml) {
    }

    /** Where a job came from; {@code diff} holds the lines changed since, when a newer version exists. */
    record Origin(String item, int version, int newestVersion, List<String> diff) {

        public boolean newerExists() {
            return newestVersion > version;
        }
    }
}
