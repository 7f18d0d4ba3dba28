package org.gantry.job.tips;

import java.util.List;

/**
 * More tips for a user's editor from another feature (usage's recommendations), so that this
 * package needs to know none of them. Called with the user signed in as themselves; a tip's
 * key is stable for as long as its advice is the same, and prefixed by its source.
 */
public interface TipSource {

    List<Tip> tipsFor(String username);
}
