package org.gantry.job;

import jakarta.persistence.EntityManager;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.JoinType;
import jakarta.persistence.criteria.Root;
import java.util.List;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.domain.Specification;
import org.springframework.data.jpa.repository.query.QueryUtils;

class JobSlicesImpl implements JobSlices {

    private final EntityManager entityManager;

    JobSlicesImpl(EntityManager entityManager) {
        this.entityManager = entityManager;
    }

    @Override
    public List<Job> findSlice(Specification<Job> specification, Sort sort, long offset, int limit) {
        if (limit == 0) {
            return List.of();
        }
        CriteriaBuilder builder = entityManager.getCriteriaBuilder();
        CriteriaQuery<Job> query = builder.createQuery(Job.class);
        Root<Job> root = query.from(Job.class);
        root.fetch("owner", JoinType.INNER);
        query.select(root).where(specification.toPredicate(root, query, builder));
        query.orderBy(QueryUtils.toOrders(sort, root, builder));
        return entityManager.createQuery(query)
                .setFirstResult(Math.toIntExact(Math.min(offset, Integer.MAX_VALUE)))
                .setMaxResults(limit)
                .getResultList();
    }
}
