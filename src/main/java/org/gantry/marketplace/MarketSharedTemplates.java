package org.gantry.marketplace;

import java.util.Map;
import java.util.Optional;
import org.gantry.job.SharedTemplates;
import org.springframework.stereotype.Component;

/** The marketplace's templates for the job views (see {@link SharedTemplates}). */
@Component
class MarketSharedTemplates implements SharedTemplates {

    private final TemplateUse use;
    private final MarketplaceService items;

    MarketSharedTemplates(TemplateUse use, MarketplaceService items) {
        this.use = use;
        this.items = items;
    }

    @Override
    public Optional<Template> open(String item, Optional<Integer> version) {
        try {
            TemplateUse.Prefill prefill = use.prefill(item, version, Map.of(), Optional.empty());
            return Optional.of(new Template(prefill.item().name(), prefill.version(), prefill.yaml()));
        } catch (MarketplaceException e) {
            return Optional.empty();
        }
    }

    @Override
    public void recordUse(String item, int version, String owner, String jobName) {
        items.find(item).ifPresent(found -> use.record(found.id(), version, owner, jobName));
    }

    @Override
    public Optional<Origin> origin(String owner, String jobName) {
        return use.origin(owner, jobName).map(o -> new Origin(o.item().name(), o.version(), o.newestVersion(),
                o.diff()));
    }

    @Override
    public String saveAsTemplate(String owner, String jobName, String itemName) {
        return use.saveAsTemplate(owner, jobName, itemName, itemName, "Saved from job " + jobName).name();
    }
}
