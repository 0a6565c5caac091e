//===- IntrusiveList.h - Doubly-linked lists threaded through elements ----===//
//
// IntrusiveList<T, ParentT>: a doubly-linked list whose links live in the
// elements (T derives from IntrusiveListNode<T>), so inserting and removing
// allocate nothing. The list tells each element which ParentT holds it
// (T::setParentFromList). Operations in a block and blocks in a region are
// kept this way.
//
#pragma once

#include <cstddef>
#include <iterator>

namespace lamina {

/// Links of an element of an intrusive doubly-linked list.
template <typename T> class IntrusiveListNode {
public:
  T *getPrevNode() const { return prevNode; }
  T *getNextNode() const { return nextNode; }

private:
  template <typename U, typename P> friend class IntrusiveList;
  T *prevNode = nullptr;
  T *nextNode = nullptr;
};

/// An intrusive doubly-linked list that does not own its elements' memory
/// policy: `ParentT` is told about insertions/removals through
/// `T::setParentFromList(ParentT*)`.
template <typename T, typename ParentT> class IntrusiveList {
public:
  class iterator {
  public:
    using iterator_category = std::bidirectional_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = T *;
    using reference = T &;
    iterator(T *node = nullptr, const IntrusiveList *list = nullptr) : node(node), list(list) {}
    T &operator*() const { return *node; }
    T *operator->() const { return node; }
    iterator &operator++() {
      node = static_cast<IntrusiveListNode<T> *>(node)->nextNode;
      return *this;
    }
    iterator operator++(int) {
      auto t = *this;
      ++*this;
      return t;
    }
    iterator &operator--() {
      node = node ? static_cast<IntrusiveListNode<T> *>(node)->prevNode : list->tail;
      return *this;
    }
    iterator operator--(int) {
      auto t = *this;
      --*this;
      return t;
    }
    bool operator==(const iterator &o) const { return node == o.node; }
    bool operator!=(const iterator &o) const { return node != o.node; }
    T *getNodePtr() const { return node; }
    operator T *() const { return node; }

  private:
    T *node;
    const IntrusiveList *list;
  };
  using reverse_iterator = std::reverse_iterator<iterator>;

  iterator begin() const { return iterator(head, this); }
  iterator end() const { return iterator(nullptr, this); }
  reverse_iterator rbegin() const { return reverse_iterator(end()); }
  reverse_iterator rend() const { return reverse_iterator(begin()); }
  bool empty() const { return !head; }
  T &front() const { return *head; }
  T &back() const { return *tail; }
  size_t size() const {
    size_t n = 0;
    for (T *p = head; p; p = next(p))
      ++n;
    return n;
  }

  /// Inserts `node` before `pos` (end() appends).
  void insert(iterator pos, T *node, ParentT *parent) {
    T *before = pos.getNodePtr();
    auto *n = static_cast<IntrusiveListNode<T> *>(node);
    if (!before) {
      n->prevNode = tail;
      n->nextNode = nullptr;
      if (tail)
        link(tail)->nextNode = node;
      else
        head = node;
      tail = node;
    } else {
      n->nextNode = before;
      n->prevNode = link(before)->prevNode;
      if (n->prevNode)
        link(n->prevNode)->nextNode = node;
      else
        head = node;
      link(before)->prevNode = node;
    }
    node->setParentFromList(parent);
  }
  void push_back(T *node, ParentT *parent) { insert(end(), node, parent); }
  void push_front(T *node, ParentT *parent) { insert(begin(), node, parent); }

  /// Unlinks `node` without destroying it.
  void remove(T *node) {
    auto *n = link(node);
    if (n->prevNode)
      link(n->prevNode)->nextNode = n->nextNode;
    else
      head = n->nextNode;
    if (n->nextNode)
      link(n->nextNode)->prevNode = n->prevNode;
    else
      tail = n->prevNode;
    n->prevNode = n->nextNode = nullptr;
    node->setParentFromList(nullptr);
  }

  /// Moves [first, last) of `other` before `pos`.
  void splice(iterator pos, IntrusiveList &other, iterator first, iterator last, ParentT *parent) {
    while (first != last) {
      T *node = first.getNodePtr();
      ++first;
      other.remove(node);
      insert(pos, node, parent);
    }
  }

  static T *next(T *node) { return link(node)->nextNode; }
  static T *prev(T *node) { return link(node)->prevNode; }
  T *getHead() const { return head; }
  T *getTail() const { return tail; }

private:
  static IntrusiveListNode<T> *link(T *node) { return static_cast<IntrusiveListNode<T> *>(node); }
  T *head = nullptr;
  T *tail = nullptr;
};

} // namespace lamina
