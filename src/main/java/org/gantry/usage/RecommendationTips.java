package org.gantry.usage;

import java.util.List;
import org.gantry.job.tips.Tip;
import org.gantry.job.tips.TipSource;
import org.springframework.stereotype.Component;

/**
 * The user's recommendations ({@link BehaviourService#profile(String)}, their last 30 days)
 * as the job editor's tips, keyed {@code usage:<code>} so a dismissed one stays dismissed.
 */
@Component
class RecommendationTips implements TipSource {

    private final BehaviourService behaviour;

    RecommendationTips(BehaviourService behaviour) {
        this.behaviour = behaviour;
    }

    @Override
    public List<Tip> tipsFor(String username) {
        return behaviour.profile(username).recommendations().stream()
                .map(r -> new Tip("usage:" + r.code(), r.title(), r.advice())).toList();
    }
}
