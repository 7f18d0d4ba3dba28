package org.gantry.job;

import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Join;
import jakarta.persistence.criteria.Predicate;
import jakarta.persistence.criteria.Root;
import jakarta.persistence.criteria.Subquery;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.gantry.security.UserAccount;
import org.springframework.data.jpa.domain.Specification;

/** The job list's filters as one JPA specification; every filter is a plain indexed column. */
final class JobSpecifications {

    private JobSpecifications() {
    }

    static Specification<Job> matching(JobQuery query) {
        return (root, criteria, builder) -> {
            List<Predicate> predicates = new ArrayList<>();
            Join<Job, UserAccount> owner = root.join("owner");
            query.username().ifPresent(name -> predicates.add(builder.equal(owner.get("username"), name)));
            query.virtualCluster().ifPresent(vc -> predicates.add(builder.equal(root.get("virtualCluster"), vc)));
            if (!query.states().isEmpty()) {
                predicates.add(root.get("state").in(query.states()));
            }
            query.keyword().ifPresent(keyword -> {
                String pattern = "%" + escapeLike(keyword.toLowerCase(Locale.ROOT)) + "%";
                predicates.add(builder.or(
                        builder.like(builder.lower(root.get("name")), pattern, '\\'),
                        builder.like(builder.lower(owner.get("username")), pattern, '\\'),
                        builder.like(builder.lower(root.get("virtualCluster")), pattern, '\\')));
            });
            if (!query.tagsContain().isEmpty()) {
                predicates.add(builder.exists(tagged(root, criteria, builder, query.tagsContain())));
            }
            if (!query.tagsNotContain().isEmpty()) {
                predicates.add(builder.not(builder.exists(tagged(root, criteria, builder, query.tagsNotContain()))));
            }
            return builder.and(predicates.toArray(Predicate[]::new));
        };
    }

    private static Subquery<Long> tagged(Root<Job> root,
                                         CriteriaQuery<?> criteria,
                                         CriteriaBuilder builder, List<String> tags) {
        Subquery<Long> sub = criteria.subquery(Long.class);
        Root<Job> tagged = sub.from(Job.class);
        Join<Job, String> tag = tagged.join("tags");
        return sub.select(tagged.get("id"))
                .where(builder.equal(tagged.get("id"), root.get("id")), tag.in(tags));
    }

    static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
